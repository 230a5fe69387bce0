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
      try {
        return (await rule.exists(id, req, visitor)) === false;
      } catch (err) {
        opts.logger.debug({ err, path }, 'page id look-up failed; serving the page as usual');
        return false;
      }
    }
    return false;
  };
}
export type PageIdCheck = ReturnType<typeof createPageIdCheck>;
