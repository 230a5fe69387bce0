import {
  adminAnimeCheckQuerySchema,
  adminAnimeCheckSchema,
  adminAnimeCreatedSchema,
  adminAnimeInputSchema,
  adminAnimeListSchema,
  adminAnimeQuickAddedSchema,
  adminAnimeQuickAddSchema,
  adminDeletedSchema,
  type EventEnvelope,
} from '@acg/contracts';
import { ConflictError, type HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import * as repo from '../../../repository/admin-catalogue';
import { insertAnime } from '../../../repository/catalogue-writes';
import { type AdminCatalogueContext, auditOf, byId, deleteRow, rowCreated } from '../kit';
import { say } from '../messages';
import { titleFromSource } from './source-title';

interface AnimeRow {
  title: string;
  shikimoriId: number | null;
  anilistId: number | null;
  franchiseId: number | null;
}
type Reader = AdminCatalogueContext['database']['db'];

/** An anime of that id on either site already there is a 409 naming it (details.anime, requirements C7). */
async function refuseKnownAnime(
  db: Reader,
  req: FastifyRequest,
  row: Pick<AnimeRow, 'shikimoriId' | 'anilistId'>,
): Promise<void> {
  for (const [field, value] of [
    ['shikimoriId', row.shikimoriId],
    ['anilistId', row.anilistId],
  ] as const) {
    if (value === null) continue;
    const existing = await repo.findAnimeBy(db, { [field]: value });
    if (existing)
      throw new ConflictError(say(req, 'animeExists', { title: existing.title }), {
        anime: { id: existing.id, title: existing.title },
      });
  }
}

function createAnime(
  ctx: AdminCatalogueContext,
  req: FastifyRequest,
  row: AnimeRow,
  extra: EventEnvelope[] = [],
) {
  return ctx.editor.run(['animes', 'characters', 'stats'], async (tx) => {
    const id = await insertAnime(tx, row, []);
    return {
      before: [],
      after: [],
      result: { id, ...row, franchise_id: row.franchiseId },
      audit: [
        ...extra,
        ...auditOf(req, 'anime.created', {
          description: `Added anime ${id}: ${row.title}`,
          targetType: 'anime',
          targetId: id,
          after: row,
        }),
      ],
    };
  });
}

/** createFranchise of quick add: a franchise named after the anime, or the one of that name that exists. */
async function franchiseNamed(
  ctx: AdminCatalogueContext,
  req: FastifyRequest,
  title: string,
): Promise<number> {
  const existing = await repo.findFranchiseByTitle(ctx.database.db, title);
  if (existing) return existing.id;
  const created = await ctx.editor.run([], async (tx) => {
    const f = await repo.insertFranchise(tx, title);
    return rowCreated(req, 'franchise', f, `Created franchise ${f.id}: ${title} (quick add)`);
  });
  return created.id;
}

/** Anime (requirements C7 "Anime"): list, existence check, add, quick add from a search, delete. */
export function registerAnimeRoutes(app: HttpServer, ctx: AdminCatalogueContext): void {
  const db = ctx.database.db;
  registerAnimeWrites(app, ctx);

  app.get('/admin/animes', { schema: { response: { 200: adminAnimeListSchema } } }, async () =>
    (await repo.listAnime(db)).map(({ franchiseTitle, ...a }) => ({
      ...a,
      Franchise: a.franchise_id === null ? null : { id: a.franchise_id, title: franchiseTitle },
    })),
  );
  app.get(
    '/admin/animes/check-exists',
    { schema: { querystring: adminAnimeCheckQuerySchema, response: { 200: adminAnimeCheckSchema } } },
    async (req) => {
      const { shikimoriId } = req.query;
      const title = req.query.title?.trim();
      const found = await repo.findAnimeBy(db, {
        ...(shikimoriId === undefined ? {} : { shikimoriId }),
        ...(title ? { title } : {}),
      });
      if (!found) return { exists: false, exactMatch: null };
      const franchise = found.franchiseTitle ? { franchise: { title: found.franchiseTitle } } : {};
      return { exists: true, exactMatch: { id: found.id, title: found.title, ...franchise } };
    },
  );
}

/** Adding an anime (from the form or a search result) and deleting one. */
function registerAnimeWrites(app: HttpServer, ctx: AdminCatalogueContext): void {
  const db = ctx.database.db;

  app.post(
    '/admin/animes',
    { schema: { body: adminAnimeInputSchema, response: { 201: adminAnimeCreatedSchema } } },
    async (req, reply) => {
      const b = req.body;
      const row: AnimeRow = {
        title: b.title,
        shikimoriId: b.shikimoriId,
        anilistId: b.anilistId ?? null,
        franchiseId: b.franchise_id ?? b.franchiseId ?? null,
      };
      await refuseKnownAnime(db, req, row);
      return reply.code(201).send(await createAnime(ctx, req, row));
    },
  );
  app.post(
    '/admin/animes/quick-add',
    { schema: { body: adminAnimeQuickAddSchema, response: { 201: adminAnimeQuickAddedSchema } } },
    async (req, reply) => {
      const b = req.body;
      const ids = { shikimoriId: b.shikimoriId ?? null, anilistId: b.anilistId ?? null };
      await refuseKnownAnime(db, req, ids);
      // By id alone (the spec's request): the title the site gives it (issue 28).
      const title = b.title ?? (await titleFromSource(ctx.bus, req, ids));
      const row: AnimeRow = { title, ...ids, franchiseId: b.franchiseId ?? null };
      // An AniList-only result is known by its title (the screen checks it so, rules §36 "Search
      // and add"); the server refuses the same, so a stale screen or a second tab adds no twin.
      if (row.shikimoriId === null) {
        const twin = await repo.findAnimeBy(db, { title: row.title });
        if (twin)
          throw new ConflictError(say(req, 'animeExists', { title: twin.title }), {
            anime: { id: twin.id, title: twin.title },
          });
      }
      if (row.franchiseId === null && b.createFranchise === true)
        row.franchiseId = await franchiseNamed(ctx, req, row.title);
      return reply.code(201).send({ success: true, anime: await createAnime(ctx, req, row) });
    },
  );
  // Characters stay (they may be in other anime); only the anime and its links go.
  app.delete('/admin/animes/:id', byId(adminDeletedSchema), async (req) =>
    deleteRow(ctx, req, 'anime', {
      caches: ['animes', 'characters', 'cards', 'stats'],
      remove: repo.deleteAnimeRow,
    }),
  );
}
