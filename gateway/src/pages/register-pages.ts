import { pagePaths } from '@acg/contracts';
import { NotFoundError } from '@acg/platform';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isNavigation, isPagePath, type PageResponder } from './page-responder';

/** Wildcard page paths (/admin/*) share their prefix with API routes: only navigations are pages. */
const isWildcard = (path: string) => path.endsWith('*');

/**
 * The page side of the gateway: hashed client files under /assets/ (cached for a year, they
 * never change under one name), the page routes of spec 1 §2, and home for any other path a
 * browser navigates to. Everything else that matches nothing is a JSON 404.
 */
export async function registerPages(
  app: FastifyInstance,
  opts: { assetsDir: string; respondWithPage: PageResponder },
): Promise<void> {
  const { respondWithPage } = opts;
  await app.register(fastifyStatic, {
    root: opts.assetsDir,
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    index: false,
    list: false,
    decorateReply: false,
  });

  for (const path of pagePaths) {
    app.get(path, async (req, reply) => {
      if (isWildcard(path) && !isNavigation(req)) throw new NotFoundError();
      return respondWithPage(req, reply);
    });
  }

  app.get('*', async (req, reply) => {
    if (!isNavigation(req) || !isPagePath(req.url.split('?', 1)[0] ?? '/')) throw new NotFoundError();
    return respondWithPage(req, reply);
  });
}
