import FindMyWay, { type HTTPMethod } from 'find-my-way';

/** A route found for a request: what was stored with its pattern, and the path's parameters. */
export interface FoundRoute<T> {
  store: T;
  params: Record<string, string | undefined>;
}

/**
 * The router Fastify itself uses (find-my-way, with Fastify's defaults: case-sensitive, no
 * trailing-slash or duplicate-slash folding, parameters up to 100 characters, the query cut at
 * `?` only), for a handler that answers some paths before Fastify sees them (the gateway's API
 * edge): a path it finds here is one Fastify would have matched to the same pattern. A path that
 * is not valid percent-encoding is found nowhere (Fastify answers it).
 */
export function createRouter<T>() {
  const router = FindMyWay({
    caseSensitive: true,
    ignoreTrailingSlash: false,
    ignoreDuplicateSlashes: false,
    maxParamLength: 100,
  });
  return {
    on(methods: readonly string[], path: string, store: T): void {
      router.on(methods as HTTPMethod[], path, () => {}, store);
    },
    find(method: string, url: string): FoundRoute<T> | null {
      const found = router.find(method as HTTPMethod, url);
      return found ? { store: found.store as T, params: found.params } : null;
    },
  };
}
