/**
 * Memory settings of one process on top of the image's (RUNTIME_MEMORY_ENV in distributed.ts,
 * rules §42): the distributed runner, its compose service and its Deployment set the same values,
 * which the compose and Kubernetes checks hold them to.
 * - image-proxy: malloc blocks of 64 KiB and more (libvips' pixel and encoder buffers) are mapped
 *   and given back when freed, instead of staying in an arena after a burst of renders.
 */
export const PROCESS_MEMORY_ENV: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'image-proxy': { MALLOC_MMAP_THRESHOLD_: '65536' },
};
