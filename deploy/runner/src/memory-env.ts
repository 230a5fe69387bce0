/**
 * Memory settings of one process on top of the image's (RUNTIME_MEMORY_ENV in distributed.ts,
 * rules §42): the distributed runner, its compose service and its Deployment set the same values,
 * which the compose and Kubernetes checks hold them to.
 * - image-proxy: malloc blocks of 64 KiB and more (libvips' pixel and encoder buffers) are mapped
 *   and given back when freed, instead of staying in an arena after a burst of renders; and V8's
 *   young generation capped at 2 MiB semi-spaces instead of the image's 8 (issue 23 item 7: the
 *   process was at 149 MiB RSS idle and 165 after the mixed load, 136 and 152 with it; its
 *   allocation rate is low, its CPU goes to libvips).
 */
export const PROCESS_MEMORY_ENV: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'image-proxy': {
    MALLOC_MMAP_THRESHOLD_: '65536',
    NODE_OPTIONS: '--max-semi-space-size=2 --max-old-space-size=256',
  },
};
