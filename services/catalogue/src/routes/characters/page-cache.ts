import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { CacheNamespace } from '@acg/platform';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';

const gzipAsync = promisify(gzip);

/** A built answer of GET /api/characters: the list as JSON and what its paging headers say. */
export interface BuiltPage {
  json: string;
  total: number;
  nextAfter: number | null;
}

/** What is known of a cached answer without its bytes. */
export interface PageMeta {
  /** A hash of the JSON: the ETag, and the name its bytes are kept under. */
  etag: string;
  total: number;
  nextAfter: number | null;
  /** Whether a gzip copy exists (tiny answers are only kept as they are). */
  gzipped: boolean;
}

export type PageEncoding = 'identity' | 'gzip';

const GZIP_FROM_BYTES = 1024;

/**
 * The characters list with the large catalogue is ~12 MB of JSON (~1 MB gzipped), so answers are
 * cached as the bytes sent, plain and gzipped, and never as a JSON value (that would escape the
 * text on write and parse it on every hit). In the shared cache namespace:
 *   `page:<query>` → PageMeta (small, cleared by catalogue edits with the whole namespace);
 *   `body:<etag>` and `gzip:<etag>` → the bytes.
 * The bytes are named by their content hash, so this process also keeps recently sent ones in
 * memory without ever serving a stale answer: a hit costs one small read of the page's meta.
 */
export function characterPageCache(ns: CacheNamespace, ttlSeconds: number, localBytes: number) {
  // Least recently used bytes go first once the budget (`localBytes`, CHARACTERS_LOCAL_CACHE_BYTES)
  // is spent; one answer may take a quarter: the large catalogue's 12 MB plain list is then read
  // from the shared cache, its 1 MB gzipped copy kept here.
  const local =
    localBytes > 0
      ? new LRUCache<string, Buffer>({
          maxSize: localBytes,
          maxEntrySize: Math.max(1, Math.floor(localBytes / 4)),
          sizeCalculation: (bytes) => Math.max(1, bytes.length),
        })
      : undefined;
  const remember = (name: string, bytes: Buffer) => {
    local?.set(name, bytes);
  };
  const bytesOf = async (meta: PageMeta, encoding: PageEncoding): Promise<Buffer | undefined> => {
    const name = `${encoding === 'gzip' && meta.gzipped ? 'gzip' : 'body'}:${meta.etag}`;
    const kept = local?.get(name);
    if (kept) return kept;
    const stored = await ns.getBuffer(name);
    if (stored) remember(name, stored);
    return stored;
  };

  const store = async (key: string, page: BuiltPage) => {
    const body = Buffer.from(page.json, 'utf8');
    const etag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const gzipped = body.length >= GZIP_FROM_BYTES;
    const meta: PageMeta = { etag, total: page.total, nextAfter: page.nextAfter, gzipped };
    const compressed = gzipped ? await gzipAsync(body) : body;
    await Promise.all([
      ns.setBuffer(`body:${etag}`, body, ttlSeconds),
      gzipped ? ns.setBuffer(`gzip:${etag}`, compressed, ttlSeconds) : undefined,
    ]);
    // The meta goes last: whoever reads it finds the bytes.
    await ns.set(`page:${key}`, meta, ttlSeconds);
    remember(`body:${etag}`, body);
    if (gzipped) remember(`gzip:${etag}`, compressed);
    return { meta, body, compressed };
  };

  // Concurrent misses of one query in this process build it once.
  const building = new Map<string, ReturnType<typeof store>>();

  /**
   * The answer to a query in the wanted encoding; `build` runs when the query is not cached
   * (or its bytes were evicted).
   */
  return async function cached(
    key: string,
    encoding: PageEncoding,
    build: () => Promise<BuiltPage>,
  ): Promise<{ meta: PageMeta; bytes: Buffer }> {
    const meta = await ns.get<PageMeta>(`page:${key}`);
    const bytes = meta && (await bytesOf(meta, encoding));
    if (meta && bytes) return { meta, bytes };
    let pending = building.get(key);
    if (!pending) {
      pending = build().then((page) => store(key, page));
      building.set(key, pending);
      pending.finally(() => building.delete(key)).catch(() => {});
    }
    const built = await pending;
    return { meta: built.meta, bytes: encoding === 'gzip' ? built.compressed : built.body };
  };
}

/** The bytes of an answer that is not cached, and their encoding. */
export async function uncachedPage(
  page: BuiltPage,
  wanted: PageEncoding,
): Promise<{ bytes: Buffer; encoding: PageEncoding }> {
  const body = Buffer.from(page.json, 'utf8');
  return wanted === 'gzip' && body.length >= GZIP_FROM_BYTES
    ? { bytes: await gzipAsync(body), encoding: 'gzip' }
    : { bytes: body, encoding: 'identity' };
}

/** 'gzip' when the Accept-Encoding header takes gzip (with a q above 0), by Fastify's negotiator. */
export function preferredEncoding(acceptEncoding: string | undefined): PageEncoding {
  const chosen = negotiate((acceptEncoding ?? '').toLowerCase(), ['gzip', 'x-gzip', 'identity']);
  return chosen === 'gzip' || chosen === 'x-gzip' ? 'gzip' : 'identity';
}
