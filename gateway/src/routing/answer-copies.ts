import type { IncomingHttpHeaders } from 'node:http';
import { LRUCache } from 'lru-cache';

/**
 * Copies of large answers of the routes the table marks `revalidated` (the catalogue's unpaged
 * characters list): the same bytes for every caller the route admits, with an ETag. The gateway
 * keeps the last answer per URL and Accept-Encoding and asks the service, on every request,
 * whether it is still current (If-None-Match): a 304 from the service sends the kept bytes, so
 * the megabyte crosses from the service once per change, not once per request. The service
 * still sees each request with its caller's identity and decides (rules §45).
 */
export interface KeptAnswer {
  /** The ETag the service gave the bytes. */
  etag: string;
  /** The answer's headers as the gateway sent them (name/value pairs, Content-Length included). */
  headers: readonly string[];
  body: Buffer;
}

/** Bytes the kept answers may take in all; the least recently used go first. */
const ANSWER_COPIES_BYTES = 32 * 1024 * 1024;
/** The largest answer kept. */
const ANSWER_COPY_MAX_BYTES = 16 * 1024 * 1024;

export class AnswerCopies {
  private readonly kept = new LRUCache<string, KeptAnswer>({
    maxSize: ANSWER_COPIES_BYTES,
    maxEntrySize: ANSWER_COPY_MAX_BYTES,
    sizeCalculation: (answer) => Math.max(1, answer.body.length),
  });

  /**
   * The key of a bodiless GET's answer, or undefined when the request has its own conditions or
   * range (the service answers those).
   */
  keyOf(url: string, headers: IncomingHttpHeaders): string | undefined {
    if (
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers.range !== undefined
    ) {
      return undefined;
    }
    return `${url}\n${(headers['accept-encoding'] ?? '').toLowerCase()}\n${headers['x-no-compression'] !== undefined}`;
  }

  get(key: string): KeptAnswer | undefined {
    return this.kept.get(key);
  }

  /** Whether an answer of this many bytes would be kept. */
  fits(length: number): boolean {
    return length <= this.kept.maxEntrySize;
  }

  keep(key: string, answer: KeptAnswer): void {
    this.kept.set(key, answer);
  }

  drop(key: string): void {
    this.kept.delete(key);
  }
}

/** Headers a 304 cannot change: they describe the kept bytes. */
const BODY_HEADERS = new Set(['content-length', 'content-encoding', 'content-range']);

/**
 * The headers to send a kept answer with after the service's 304: the kept ones, each replaced
 * by the 304's header of the same name (RFC 9111 §4.3.4: a fresh X-Total-Count, Cache-Control…),
 * except those that describe the bytes.
 */
export function refreshedHeaders(kept: readonly string[], fresh: readonly string[]): string[] {
  const replaced = new Set<string>();
  for (let i = 0; i < fresh.length; i += 2) if (!BODY_HEADERS.has(fresh[i]!)) replaced.add(fresh[i]!);
  const out: string[] = [];
  for (let i = 0; i < kept.length; i += 2) if (!replaced.has(kept[i]!)) out.push(kept[i]!, kept[i + 1]!);
  for (let i = 0; i < fresh.length; i += 2) if (replaced.has(fresh[i]!)) out.push(fresh[i]!, fresh[i + 1]!);
  return out;
}
