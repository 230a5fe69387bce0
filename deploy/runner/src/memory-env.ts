/**
 * Memory settings of one process on top of the image's (RUNTIME_MEMORY_ENV in distributed.ts,
 * rules §42 and §53): the distributed runner, its compose service and its Deployment set the same
 * values, which the compose and Kubernetes checks hold them to.
 * - gateway: V8's young generation at 8 MiB semi-spaces, not the image's 2: it allocates per
 *   request, and at 2 MiB it spent more CPU per request (gateway/bench/trivial.ts); its target is
 *   250 MiB, not 150.
 * - image-proxy: malloc blocks of 64 KiB and more (libvips' pixel and encoder buffers) are mapped
 *   and given back when freed, instead of staying in an arena after a burst of renders; V8 at
 *   1 MiB semi-spaces (its allocation rate is low, its CPU goes to libvips): issue 23 item 7.
 */
export const PROCESS_MEMORY_ENV: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  gateway: {
    NODE_OPTIONS: '--max-semi-space-size=8 --max-old-space-size=256',
  },
  'image-proxy': {
    MALLOC_MMAP_THRESHOLD_: '65536',
    NODE_OPTIONS: '--max-semi-space-size=1 --max-old-space-size=256',
  },
};
