import { type ServiceName, usersGet } from '@acg/contracts';
import type { Bus, Logger } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import type { Visitor } from '../identity/visitor';
import { upstreamHeaders } from '../routing/upstream-headers';

/**
 * Whether the thing a page's address names exists: `false` when its owner says there is no
 * such thing, `true` when it is there, `undefined` when the owner could not tell in time (the
 * page is then served as usual and the screen says what it finds).
 */
type Known = boolean | undefined;

/** One kind of address with an id in it, and how to ask the id's owner about it. */
interface PageIdRule {
  /** The path with one `:id` segment, e.g. `/anime/:id`. */
  path: string;
  exists(id: string, req: FastifyRequest, visitor: Visitor): Promise<Known>;
}

export interface PageIdOptions {
  bus: Bus;
  logger: Logger;
  /** Base URL of a service (the first replica is enough for a look-up). */
  upstream: (service: ServiceName) => string;
  /** Signs the visitor's identity for the service (routing/identity-signer.ts). */
  sign: Parameters<typeof upstreamHeaders>[2]['sign'];
  trustedHops: number;
  publicHost: string;
  /** How long a look-up may take before the page is served without its answer. */
  timeoutMs: number;
}

const POSITIVE_ID = /^[1-9][0-9]{0,9}$/;

/**
 * An id its owner called unknown is remembered this long (per replica, at most UNKNOWN_IDS_MAX):
 * a reload of the not-found page, or the next visitor following the same dead link, is a 404
 * again without asking the owner, whose answer could otherwise be a 429 for asking too often
 * (the anime search's share of Shikimori allows about one request a second per client).
 */
export const UNKNOWN_ID_MEMORY_MS = 60_000;
const UNKNOWN_IDS_MAX = 1000;

/**
 * The addresses that name an anime or a collector (issue 22 item 4): an unknown one answers
 * 404 with the not-found page in the visitor's language, not the shell of a page that then
 * says "not found" under a 200. The gateway serves the app without data, so it asks the id's
 * owner before it renders: the anime search for `/anime/{id}` (its details call, answered from
 * its cache the moment after, when the page asks again), auth for `/u/{id}`. A look-up that
 * fails or takes longer than `timeoutMs` serves the page as usual.
 */
export function createPageIdCheck(opts: PageIdOptions) {
  const rules: PageIdRule[] = [
    {
      path: '/anime/:id',
      exists: async (id, req, visitor) => {
        const res = await fetch(
          `${opts.upstream('anime-search')}/api/anime/${encodeURIComponent(id)}/details`,
          {
            headers: upstreamHeaders(
              req,
              { accept: 'application/json', 'accept-language': req.headers['accept-language'] },
              {
                service: 'anime-search',
                identity: visitor.identity,
                sign: opts.sign,
                trustedHops: opts.trustedHops,
                publicHost: opts.publicHost,
              },
            ) as Record<string, string>,
            signal: AbortSignal.timeout(opts.timeoutMs),
          },
        );
        await res.body?.cancel();
        return res.status === 404 ? false : res.ok ? true : undefined;
      },
    },
    {
      path: '/u/:id',
      exists: async (id) => {
        if (!POSITIVE_ID.test(id)) return false;
        const { users } = await opts.bus.request(
          usersGet,
          { ids: [Number(id)] },
          { timeoutMs: opts.timeoutMs },
        );
        return users.length > 0;
      },
    },
  ];
  const matchers = rules.map((rule) => ({
    rule,
    pattern: new RegExp(`^${rule.path.replace(':id', '([^/]+)')}/?$`),
  }));

  /** Unknown ids by rule and id, with when they stop being remembered (oldest first). */
  const unknown = new Map<string, number>();
  const remembered = (key: string): boolean => {
    const until = unknown.get(key);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    unknown.delete(key);
    return false;
  };
  const remember = (key: string) => {
    unknown.delete(key);
    unknown.set(key, Date.now() + UNKNOWN_ID_MEMORY_MS);
    if (unknown.size > UNKNOWN_IDS_MAX) unknown.delete(unknown.keys().next().value as string);
  };

  /** True when the address names something its owner says does not exist. */
  return async (req: FastifyRequest, visitor: Visitor): Promise<boolean> => {
    const path = req.url.split('?', 1)[0] ?? '/';
    for (const { rule, pattern } of matchers) {
      const match = pattern.exec(path);
      if (!match) continue;
      let id: string;
      try {
        id = decodeURIComponent(match[1]!);
      } catch {
        return true; // not even a well-formed id
      }
      const key = `${rule.path} ${id}`;
      if (remembered(key)) return true;
      try {
        const missing = (await rule.exists(id, req, visitor)) === false;
        if (missing) remember(key);
        return missing;
      } catch (err) {
        opts.logger.debug({ err, path }, 'page id look-up failed; serving the page as usual');
        return false;
      }
    }
    return false;
  };
}
export type PageIdCheck = ReturnType<typeof createPageIdCheck>;
