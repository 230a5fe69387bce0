import {
  mediaAnswer,
  type NewsItem,
  newsCreated,
  newsDeleted,
  newsDeletedSchema,
  newsFeedQuerySchema,
  newsIdParamsSchema,
  newsInputSchema,
  newsItemSchema,
  newsListSchema,
  newsQuerySchema,
  newsUpdated,
} from '@acg/contracts';
import {
  auditEventFor,
  type Database,
  enqueue,
  type HttpServer,
  ifNoneMatchHits,
  makeEvent,
  NotFoundError,
  type OutboxRelay,
  requireUser,
  text,
} from '@acg/platform';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import { changedFields, newsAtom, newsEtag, seesUnpublished, toNewsItem } from '../../domain/news';
import { deleteNews, findNews, insertNews, listNews, updateNews } from '../../repository/news';

export interface NewsRoutesDeps {
  database: Database;
  outboxRelay: Pick<OutboxRelay, 'kick'>;
  publicUrl: string;
}

const PUBLIC_LIMIT = 50;
const ADMIN_LIMIT = 1000;
const FEED_LIMIT = 20;

/** News (requirements O2.4, O7): the public list, the administrators' CRUD, and an Atom feed. */
export function registerNewsRoutes(
  app: HttpServer,
  { database, outboxRelay, publicUrl }: NewsRoutesDeps,
): void {
  const { db } = database;
  const audit = (req: Parameters<typeof auditEventFor>[0], action: string, item: NewsItem, extra = {}) =>
    auditEventFor(req, 'admin', {
      action,
      category: 'other',
      description:
        `${action === 'news.created' ? 'Created' : action === 'news.deleted' ? 'Deleted' : 'Updated'} news ${item.id}: ${item.title}`.slice(
          0,
          2000,
        ),
      targetType: 'news',
      targetId: String(item.id),
      ...extra,
    });

  app.get(
    '/api/news',
    { schema: { querystring: newsQuerySchema, response: { 200: newsListSchema, 304: z.void() } } },
    async (req, reply) => {
      const all = seesUnpublished(req.query.includeUnpublished, req.identity.adminLevel);
      const rows = await listNews(db, { includeUnpublished: all, limit: all ? ADMIN_LIMIT : PUBLIC_LIMIT });
      const items = rows.map(toNewsItem);
      // Asked with the flag, the answer depends on who asks: never from a shared cache. The public
      // list is asked again every time (no-cache, answered 304 by its ETag while unchanged), so a
      // published item shows on the next load, not after a cache's timer (issue 28).
      if (req.query.includeUnpublished !== undefined)
        return reply.header('cache-control', 'private, no-store').send(items);
      const etag = newsEtag(items);
      reply.header('cache-control', 'public, no-cache').header('etag', etag);
      if (ifNoneMatchHits(req.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.send(items);
    },
  );

  const feedSchema = {
    querystring: newsFeedQuerySchema,
    response: { 200: mediaAnswer('The published news as an Atom feed', ['application/atom+xml']) },
  };
  app.get('/api/news/feed.xml', { schema: feedSchema }, async (req, reply) => {
    const rows = await listNews(db, { includeUnpublished: false, limit: FEED_LIMIT });
    return reply
      .type('application/atom+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(newsAtom(rows.map(toNewsItem), publicUrl, req.query.lang));
  });

  app.post(
    '/api/admin/news',
    { schema: { body: newsInputSchema, response: { 201: newsItemSchema } } },
    async (req, reply) => {
      const userId = requireUser(req);
      const item = await database.transaction(async (tx) => {
        const created = toNewsItem(await insertNews(tx, req.body, userId));
        await enqueue(tx, outbox, audit(req, 'news.created', created, { after: req.body }));
        await enqueue(tx, outbox, makeEvent(newsCreated, { id: created.id, published: created.published }));
        return created;
      });
      outboxRelay.kick();
      return reply.code(201).send(item);
    },
  );

  app.put(
    '/api/admin/news/:id',
    { schema: { params: newsIdParamsSchema, body: newsInputSchema, response: { 200: newsItemSchema } } },
    async (req) => {
      const item = await database.transaction(async (tx) => {
        const before = await findNews(tx, req.params.id);
        if (!before) throw new NotFoundError(text('admin.newsNotFound'));
        const after = toNewsItem((await updateNews(tx, req.params.id, req.body))!);
        await enqueue(
          tx,
          outbox,
          audit(req, 'news.updated', after, changedFields(toNewsItem(before), after)),
        );
        await enqueue(tx, outbox, makeEvent(newsUpdated, { id: after.id, published: after.published }));
        return after;
      });
      outboxRelay.kick();
      return item;
    },
  );

  const deleteSchema = { params: newsIdParamsSchema, response: { 200: newsDeletedSchema } };
  app.delete('/api/admin/news/:id', { schema: deleteSchema }, async (req) => {
    const removed = await database.transaction(async (tx) => {
      const row = await deleteNews(tx, req.params.id);
      if (!row) throw new NotFoundError(text('admin.newsNotFound'));
      const item = toNewsItem(row);
      await enqueue(tx, outbox, audit(req, 'news.deleted', item, { before: item }));
      await enqueue(tx, outbox, makeEvent(newsDeleted, { id: item.id, published: item.published }));
      return item;
    });
    outboxRelay.kick();
    return { success: true as const, id: removed.id };
  });
}
