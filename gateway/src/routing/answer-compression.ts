import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '../pages/register-pages';

/*
 * Compression of proxied answers, with the choices @fastify/compress makes for the pages
 * (registerPages): brotli at quality 4, else gzip, as the client's Accept-Encoding prefers
 * (brotli on a tie, `*` and `x-gzip` understood); only text, JSON and XML types; never an
 * answer the service already encoded, a partial one (206, Content-Range), or for a client that
 * sends X-No-Compression; collected answers under COMPRESS_THRESHOLD_BYTES go as they are.
 */

export type Encoding = 'br' | 'gzip';

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** @fastify/compress's compressible types (text except event streams, JSON, XML, octet streams). */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;

/** The q-value the Accept-Encoding header gives a coding (0 when it is not accepted). */
function qualityOf(accepted: string, coding: Encoding): number {
  let wildcard = 0;
  for (const part of accepted.split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const name = token.trim() === 'x-gzip' ? 'gzip' : token.trim();
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    if (name === coding) return Number.isFinite(value) ? value : 0;
    if (name === '*') wildcard = Number.isFinite(value) ? value : 0;
  }
  return wildcard;
}

/** The coding to send an answer in, or undefined to send it as it is (length not yet known). */
export function encodingFor(
  request: IncomingHttpHeaders,
  status: number,
  answer: Record<string, string | string[] | undefined>,
): Encoding | undefined {
  const accepted = request['accept-encoding'];
  if (!accepted || request['x-no-compression'] !== undefined) return undefined;
  const encoded = answer['content-encoding'];
  if (encoded && encoded !== 'identity') return undefined;
  if (status === 206 || answer['content-range'] !== undefined) return undefined;
  const type = answer['content-type'];
  if (!COMPRESSIBLE.test(typeof type === 'string' ? type : 'application/json')) return undefined;
  const lower = accepted.toLowerCase();
  const br = qualityOf(lower, 'br');
  const gzip = qualityOf(lower, 'gzip');
  if (br <= 0 && gzip <= 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

/** Whether a collected answer of this many bytes is worth compressing. */
export const worthCompressing = (length: number): boolean => length >= COMPRESS_THRESHOLD_BYTES;

export const compressSync = (body: Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);

export const compressStream = (encoding: Encoding) =>
  encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip();

/** The Vary value of a compressed answer: the service's own, with accept-encoding added. */
export function varyWithEncoding(vary: string | string[] | undefined): string {
  if (vary === undefined) return 'accept-encoding';
  const values = Array.isArray(vary) ? vary : [vary];
  return values.some((v) => v.includes('accept-encoding'))
    ? values.join(', ')
    : [...values, 'accept-encoding'].join(', ');
}
