import { pagePaths } from '@acg/contracts';
import { NotFoundError } from '@acg/platform';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isNavigation, isPagePath, type PageResponder } from './page-responder';

/** Wildcard page paths (/admin/*) share their prefix with API routes: only navigations are pages. */
const isWildcard = (path: string) => path.endsWith('*');

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The page side of the gateway: hashed client files under /assets/ (cached for a year, they
 * never change under one name, and sent as the brotli or gzip file the build wrote beside each
 * when the browser accepts it), the page routes of requirements M2, and home for any other path a
 * browser navigates to. Everything else that matches nothing is a JSON 404.
 *
 * Compression of what is made per request: every route registered after this (the pages)
 * compresses text and JSON answers of at least COMPRESS_THRESHOLD_BYTES (brotli at quality 4,
 * else gzip); the proxied API, answered before Fastify, makes the same choices in
 * routing/answer-compression.ts.
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
    preCompressed: true,
  });

  // Registered after the static files (already compressed at build time) so only later routes get it.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
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
