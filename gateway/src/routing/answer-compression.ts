import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { COMPRESS_THRESHOLD_BYTES } from '../pages/register-pages';

/*
 * Compression of proxied answers, with the choices @fastify/compress makes for the pages
 * (registerPages): brotli at quality 4, else gzip, as the client's Accept-Encoding prefers
 * (brotli on a tie, `*` and `x-gzip` as gzip); only text, JSON and XML types; never an
 * answer the service already encoded, a partial one (206, Content-Range), or for a client that
 * sends X-No-Compression; collected answers under COMPRESS_THRESHOLD_BYTES go as they are.
 */

export type Encoding = 'br' | 'gzip';

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/** @fastify/compress's compressible types (text except event streams, JSON, XML, octet streams). */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|octet-stream(?:;|$)/u;

/**
 * The client's choice among our codings, read as @fastify/compress reads it for the pages (its
 * negotiator, with `*` and `x-gzip` taken as gzip), so API answers and pages agree: the highest
 * q wins, brotli on a tie.
 */
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });
const GZIP_ALIASES = /\*|x-gzip/gu;

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
  const chosen = negotiator.negotiate(accepted.toLowerCase().replace(GZIP_ALIASES, 'gzip'));
  if (chosen === null) return undefined;
  return chosen === 'br' ? 'br' : 'gzip';
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
