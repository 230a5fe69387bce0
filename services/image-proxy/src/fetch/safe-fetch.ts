import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { text } from '@acg/platform';
import { LRUCache } from 'lru-cache';
import { Agent, buildConnector, request, errors as undiciErrors } from 'undici';
import { deniedRange, ipLiteralOf } from './address';
import {
  badUrl,
  forbiddenDestination,
  ImageFetchError,
  NotAnImageError,
  tooLarge,
  tooManyRedirects,
  upstreamFailed,
  upstreamNotFound,
  upstreamTimeout,
} from './errors';

/** Every address a hostname resolves to (dns.lookup with `all`); tests pass their own. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A connection about to be opened: the address checked and pinned for the URL's host. */
export interface DialTarget {
  protocol: string;
  hostname: string;
  address: string;
  port: number;
}
/**
 * Runs just before a socket is opened, with the address it will connect to; throwing refuses the
 * connection. Tests count attempts with it and refuse anything off loopback, so that an address
 * the policy wrongly let through is never really dialled.
 */
export type DialStep = (target: DialTarget) => void;

export interface SafeFetchOptions {
  /**
   * Origins (`scheme://host[:port]`) fetched even though they are on a private address or a
   * non-default port: the configured Discord CDN and Shikimori when they are the loopback
   * fakes. Every other origin must be public and on its scheme's default port.
   */
  allowOrigins: readonly string[];
  /** Ports allowed besides 80 for http and 443 for https. */
  extraPorts: readonly number[];
  /** Largest body read; a longer answer is aborted as soon as it passes this. */
  maxBytes: number;
  maxRedirects: number;
  connectTimeoutMs: number;
  /** From the first byte sent to the last byte read, redirects included. */
  totalTimeoutMs: number;
  resolve?: Resolver;
  dial?: DialStep;
}

export interface FetchedImage {
  bytes: Buffer;
  /** The declared Content-Type (already checked to be a raster image type). */
  contentType: string;
  /** Where the bytes came from, after redirects. */
  url: string;
}

export interface SafeFetcher {
  /**
   * The URL rules that need no network (scheme, credentials, port, an IP spelled in the URL):
   * the normalised URL, or an ImageFetchError. fetch() applies them again to every hop.
   */
  check(url: string): URL;
  /** Fetches an image URL under every rule below; throws ImageFetchError when one refuses it. */
  fetch(url: string, signal?: AbortSignal): Promise<FetchedImage>;
  /** Requests sent upstream (each redirect hop counts), for tests and metrics. */
  readonly requests: number;
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** What we ask for: raster types only. No cookie, no credentials, no referrer, ever. */
const UPSTREAM_HEADERS = {
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8',
  'user-agent': 'AnimeCards-ImageProxy/1',
};

/** The URL a string names, if any: WHATWG parsing (normalises every IPv4 spelling). */
export function parseImageUrl(raw: string): URL {
  try {
    return new URL(raw);
  } catch {
    throw badUrl('malformed', text('imageProxy.malformedUrl'));
  }
}

/** A declared Content-Type the proxy reads on: `image/*`, never SVG (markup, scripts). */
function declaredRaster(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type?.startsWith('image/') || type.includes('svg')) return undefined;
  return type;
}

/** Stops reading a body; its abort is expected and not an error anyone must handle. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** The ImageFetchError a lookup or any layer wrapped, found through `cause`. */
function fetchErrorIn(err: unknown): ImageFetchError | undefined {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof ImageFetchError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const defaultPort = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));
const bareHost = (hostname: string) =>
  hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
/** The key of a pinned address: the origin as undici's connector sees it. */
const pinKey = (protocol: string, hostname: string, port: number) =>
  `${protocol}//${bareHost(hostname)}:${port}`;

/** Checked addresses by origin, set just before each request; the connector dials only these. */
type Pins = LRUCache<string, LookupAddress>;

/** The connection pool whose connector dials only the address pinned for the origin. */
function pinnedAgent(o: SafeFetchOptions, pins: Pins): Agent {
  const connectTcp = buildConnector({ timeout: o.connectTimeoutMs });
  return new Agent({
    connect(opts, callback) {
      const port = Number(opts.port || (opts.protocol === 'https:' ? 443 : 80));
      const pinned = pins.get(pinKey(opts.protocol, opts.hostname, port));
      // Nothing checked for this origin: never resolve here, never connect.
      if (!pinned) return callback(forbiddenDestination('unchecked'), null);
      try {
        o.dial?.({ protocol: opts.protocol, hostname: opts.hostname, address: pinned.address, port });
      } catch (err) {
        return callback(err as Error, null);
      }
      // `host` stays the name: TLS sends it as SNI and checks the certificate against it.
      return connectTcp({ ...opts, hostname: pinned.address }, callback);
    },
    headersTimeout: o.totalTimeoutMs,
    bodyTimeout: o.totalTimeoutMs,
    // Image hosts are visited again and again; a few kept-alive sockets per origin.
    connections: 8,
  });
}

/** The URL's literal address, or every address its name resolves to (once, within the connect timeout). */
async function addressesOf(
  url: URL,
  literal: string | undefined,
  resolve: Resolver,
  connectTimeoutMs: number,
) {
  if (literal !== undefined) return [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  // A resolver that does not answer counts against the connect timeout.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(upstreamTimeout('connect_timeout')), connectTimeoutMs);
  });
  try {
    return await Promise.race([resolve(url.hostname), late]);
  } catch (err) {
    throw err instanceof ImageFetchError ? err : upstreamFailed('dns');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The address policy for one hop: the URL's literal address, or every address its name
 * resolves to (once), must be public unless the origin is an allowed one; one of them (IPv4
 * first) is pinned for the connection.
 */
async function checkAndPin(
  url: URL,
  trusted: boolean,
  resolve: Resolver,
  connectTimeoutMs: number,
  pins: Pins,
) {
  const literal = ipLiteralOf(url.hostname);
  const addresses: LookupAddress[] = await addressesOf(url, literal, resolve, connectTimeoutMs);
  if (addresses.length === 0) throw upstreamFailed('dns');
  if (!trusted && addresses.some((a) => deniedRange(a.address) !== undefined))
    throw forbiddenDestination(literal === undefined ? 'resolved_address' : 'address');
  // One address is dialled (no happy eyeballs over pinned addresses): IPv4 first, which every
  // host here can reach.
  const pinned = addresses.find((a) => a.family === 4) ?? addresses[0]!;
  pins.set(pinKey(url.protocol, url.hostname, defaultPort(url)), pinned);
}

/** The rules on the URL itself; true when the origin is one of the allowed ones. */
function checkUrlRules(url: URL, allowed: ReadonlySet<string>, extraPorts: readonly number[]): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badUrl('scheme', text('imageProxy.schemeRefused'));
  const trusted = allowed.has(url.origin);
  // A refused address is refused first (403), whatever else is wrong with the URL.
  const literal = ipLiteralOf(url.hostname);
  if (!trusted && literal !== undefined && deniedRange(literal) !== undefined)
    throw forbiddenDestination('address');
  if (url.username || url.password) throw badUrl('credentials', text('imageProxy.credentialsRefused'));
  if (trusted) return true;
  if (url.port !== '' && !extraPorts.includes(Number(url.port)))
    throw badUrl('port', text('imageProxy.portRefused'));
  return false;
}

type Answer = Awaited<ReturnType<typeof request>>;

/** The body, read until it passes `maxBytes` (then aborted: too large). */
async function readCapped(body: Answer['body'], maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      discard(body);
      throw tooLarge('bytes', text('imageProxy.tooManyBytes', { max: maxBytes }));
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Where a redirect answer leads (its body dropped); refused past `maxRedirects` hops. */
async function redirectTarget(res: Answer, url: URL, hop: number, maxRedirects: number): Promise<URL> {
  await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
  const location = res.headers.location;
  if (hop >= maxRedirects) throw tooManyRedirects();
  if (typeof location !== 'string') throw upstreamFailed('redirect_without_location');
  try {
    return new URL(location, url);
  } catch {
    throw upstreamFailed('bad_redirect');
  }
}

/** The image of a final answer: an OK status, a declared raster type and at most `maxBytes`. */
async function imageOf(res: Answer, url: URL, maxBytes: number): Promise<FetchedImage> {
  if (res.statusCode < 200 || res.statusCode >= 300) {
    discard(res.body);
    if (res.statusCode === 404 || res.statusCode === 410) throw upstreamNotFound(res.statusCode);
    throw upstreamFailed('upstream_status', { status: res.statusCode });
  }
  const header = res.headers['content-type'];
  const contentType = declaredRaster(typeof header === 'string' ? header : undefined);
  if (!contentType) {
    discard(res.body);
    throw new NotAnImageError('declared_type');
  }
  const length = Number(res.headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes) {
    discard(res.body);
    throw tooLarge('bytes', text('imageProxy.tooManyBytes', { max: maxBytes }));
  }
  return { bytes: await readCapped(res.body, maxBytes), contentType, url: url.href };
}

/** The ImageFetchError a failed fetch stands for (a timeout, a network failure). */
function failureOf(err: unknown, timeout: AbortSignal): ImageFetchError {
  const known = fetchErrorIn(err);
  if (known) return known;
  if (timeout.aborted) return upstreamTimeout('timeout');
  if (err instanceof undiciErrors.ConnectTimeoutError) return upstreamTimeout('connect_timeout');
  if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError)
    return upstreamTimeout('timeout');
  return upstreamFailed('network');
}

/**
 * An image fetcher built like the hardened image proxies (camo, go-camo, imgproxy):
 * - http and https only, default ports unless configured, no credentials in the URL;
 * - the address policy (fetch/address.ts) comes before any connection: an IP spelled in the URL
 *   must be public, and a DNS name is resolved once, before the request, and refused (403)
 *   unless EVERY address it resolves to is public. The checked address is pinned for the URL's
 *   origin and the connection's own connector dials exactly that address (SNI and certificate
 *   checks keep the name): no second DNS lookup, so no rebinding between check and use. The
 *   WHATWG URL object that was checked is the one requested;
 * - redirects are followed by hand, at most `maxRedirects`, each hop checked from the start;
 * - the declared type must be a raster `image/*` before any byte of the body is read, and the
 *   body is streamed and aborted once it passes `maxBytes`;
 * - connect and total timeouts; no cookies or credentials are ever sent.
 * The bytes are still untrusted: callers decode them with a pixel cap (see images/proxied.ts).
 */
export function createSafeFetcher(o: SafeFetchOptions): SafeFetcher {
  const resolve = o.resolve ?? systemResolver;
  const allowed = new Set(o.allowOrigins.map((origin) => new URL(origin).origin));
  let requests = 0;
  const pins: Pins = new LRUCache<string, LookupAddress>({ max: 4096, ttl: 5 * 60_000 });
  const agent = pinnedAgent(o, pins);
  const checkUrl = (url: URL) => checkUrlRules(url, allowed, o.extraPorts);

  const fetchOnce = async (start: URL, signal: AbortSignal): Promise<FetchedImage> => {
    let url = start;
    for (let hop = 0; ; hop++) {
      const isTrusted = checkUrl(url);
      await checkAndPin(url, isTrusted, resolve, o.connectTimeoutMs, pins);
      requests++;
      const res = await request(url, { method: 'GET', headers: UPSTREAM_HEADERS, dispatcher: agent, signal });
      if (!REDIRECTS.has(res.statusCode)) return imageOf(res, url, o.maxBytes);
      url = await redirectTarget(res, url, hop, o.maxRedirects);
    }
  };

  return {
    check(raw) {
      const url = parseImageUrl(raw);
      checkUrl(url);
      return url;
    },
    async fetch(raw, outer) {
      const timeout = AbortSignal.timeout(o.totalTimeoutMs);
      const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
      try {
        return await fetchOnce(parseImageUrl(raw), signal);
      } catch (err) {
        throw failureOf(err, timeout);
      }
    },
    get requests() {
      return requests;
    },
    async close() {
      await agent.close();
    },
  };
}
