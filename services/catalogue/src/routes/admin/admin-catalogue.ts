import { type EventEnvelope, inventoryCardHolders, safeString } from '@acg/contracts';
import {
  AppError,
  auditEventFor,
  ConflictError,
  type HttpServer,
  refusalsInCallersLanguage,
  requireAdmin,
  ValidationError,
} from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIST_TTL_SECONDS } from '../../caches';
import type { CatalogueContext } from '../../context';
import type { CatalogueEditor } from '../../editing/catalogue-editor';
import * as repo from '../../repository/admin-catalogue';
import { findCardSummaries, findCardSummariesOf } from '../../repository/cards';
import {
  deleteCardRow,
  deleteCharacterRow,
  insertAnime,
  insertCard,
  updateCardRow,
  updateCharacterRow,
} from '../../repository/catalogue-writes';
import { invalid, type MessageKey, notFound, say, sayIn } from './messages';

/** The foreign keys of the catalogue and what a write that breaks one refers to. */
const MISSING_REFERENCE: Record<string, MessageKey> = {
  anime_franchise_id_franchises_id_fk: 'franchiseNotFound',
  anime_characters_anime_id_anime_id_fk: 'animeNotFound',
  anime_characters_character_id_characters_id_fk: 'characterNotFound',
  cards_character_id_characters_id_fk: 'characterNotFound',
  cards_rank_id_ranks_id_fk: 'rankNotFound',
  cards_season_id_seasons_id_fk: 'seasonNotFound',
};

/** Largest lists a single call accepts (rules §36); a bigger body is a 413 or 400 with its limit. */
export const LIMITS = { bulkCards: 1000, deleteIds: 1000, importBatch: 50, page: 1000 } as const;

const SERVICE = 'catalogue';
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const queryId = () => z.coerce.number().int().positive().max(2_147_483_647);
const pageQuery = {
  limit: z.coerce.number().int().min(1).max(LIMITS.page).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
};

// Lenient readers: the bodies come from forms; rules §36 says what each field may be.
/** Text PostgreSQL cannot store (NUL) is a 400 naming the field, never a 500 (rules §21). */
const storable = (v: string, field: string): string => {
  if (v.includes('\0')) throw new ValidationError(`${field} must not contain a NUL character`, { field });
  return v;
};
const trimmed = (v: unknown, field: string) =>
  typeof v === 'string' ? storable(v, field).trim() : v === undefined || v === null ? '' : undefined;
/** Trimmed text up to `max` characters: longer is refused, never cut (nothing typed is lost). */
const boundedText = (v: string, max: number, field: string): string => {
  if (v.length > max) throw new ValidationError(`${field} is at most ${max} characters`, { field });
  return v;
};
const optionalText = (v: unknown, max: number, field: string): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new ValidationError(`${field} must be text`, { field });
  const t = boundedText(storable(v, field).trim(), max, field);
  return t === '' ? null : t;
};
/** An image address: http(s) or a path on this site, or null when empty (rules §36). */
const imageUrlOf = (v: unknown): string | null => {
  const url = optionalText(v, 2000, 'imageUrl');
  if (url !== null && !/^https?:\/\//i.test(url) && !url.startsWith('/'))
    throw new ValidationError('imageUrl must be an http(s) address', { field: 'imageUrl' });
  return url;
};
/** A positive integer id, or null when empty; `key` names the message for anything else. */
function optionalId(req: FastifyRequest, v: unknown, key: MessageKey, field: string): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'string' ? Number(v.trim()) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)
    throw invalid(req, key, field);
  return n;
}
const requiredId = (v: unknown, field: string): number => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n > 2_147_483_647)
    throw new ValidationError(`${field} must be a positive integer id`, { field });
  return n;
};
function titleOf(req: FastifyRequest, v: unknown, kind: 'name' | 'title'): string {
  const text = trimmed(v, kind);
  if (text === undefined) throw new ValidationError(`${kind} must be text`, { field: kind });
  if (text === '') throw invalid(req, kind === 'name' ? 'nameRequired' : 'titleRequired', kind);
  if (text.length < 2) throw invalid(req, kind === 'name' ? 'nameShort' : 'titleShort', kind);
  if (text.length > 300) throw new ValidationError(`${kind} is at most 300 characters`, { field: kind });
  return text;
}
const bodyOf = (req: FastifyRequest): Record<string, unknown> => {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b))
    throw new ValidationError('Expected a JSON object');
  return b as Record<string, unknown>;
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string =>
  typeof v === 'string' &&
  DATE.test(v) &&
  !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/**
 * The admin catalogue's calls (spec 2 §7) except rarity and ranks analysis: lists, franchises,
 * anime, characters, cards, ranks and seasons. Level 3 only (the gateway checks, and so does
 * each handler). Every write goes through the catalogue editor: one transaction with its card
 * events and its audit record, then the affected caches cleared (rules §36).
 */
export function registerAdminCatalogueRoutes(
  app: HttpServer,
  ctx: CatalogueContext & { editor: CatalogueEditor },
): void {
  const { database, editor, bus } = ctx;
  const db = database.db;
  const audit = (
    req: FastifyRequest,
    action: string,
    fields: {
      description: string;
      targetType: string;
      targetId?: string | number;
      before?: unknown;
      after?: unknown;
    },
  ): EventEnvelope[] => [
    auditEventFor(req, SERVICE, {
      action,
      category: 'cards',
      description: fields.description.slice(0, 2000),
      targetType: fields.targetType,
      ...(fields.targetId === undefined ? {} : { targetId: String(fields.targetId) }),
      ...(fields.before === undefined ? {} : { before: fields.before }),
      ...(fields.after === undefined ? {} : { after: fields.after }),
    }),
  ];
  /** Cards that players hold block a delete (rules §36); inventory answers over the bus. */
  const refuseHeldCards = async (req: FastifyRequest, cardIds: number[], what: string) => {
    if (cardIds.length === 0) return;
    let holders: Array<{ cardId: number; players: number }>;
    try {
      ({ holders } = await bus.request(inventoryCardHolders, { cardIds }));
    } catch {
      throw new AppError(503, 'service_unavailable', say(req, 'inventoryUnavailable'));
    }
    if (holders.length > 0) {
      const players = holders.reduce((n, h) => n + h.players, 0);
      throw new ConflictError(say(req, 'cardsHeld', { what, n: holders.length, entries: players }), {
        heldCards: holders.slice(0, 50),
      });
    }
  };

  app.addHook('preHandler', async (req) => {
    requireAdmin(req);
  });
  // A write naming a row that does not exist (a foreign key, rules §36) says which, in the
  // caller's language.
  refusalsInCallersLanguage(app, (details, language) => {
    const key = typeof details.constraint === 'string' ? MISSING_REFERENCE[details.constraint] : undefined;
    return key && sayIn(language, key);
  });

  // --- lists ---
  app.get('/admin/franchises', async () => repo.listFranchises(db));
  app.get('/admin/animes', async () =>
    (await repo.listAnime(db)).map(({ franchiseTitle, ...a }) => ({
      ...a,
      Franchise: a.franchise_id === null ? null : { id: a.franchise_id, title: franchiseTitle },
    })),
  );
  app.get(
    '/admin/characters',
    { schema: { querystring: z.object({ animeId: queryId().optional(), ...pageQuery }) } },
    async (req) => repo.listCharacters(db, req.query),
  );
  app.get('/admin/ranks', async () => repo.listRanks(db));
  app.get('/admin/seasons', async () =>
    ctx.caches.seasons.wrap('all', LIST_TTL_SECONDS, () => repo.listSeasons(db)),
  );
  app.get(
    '/admin/cards',
    {
      schema: {
        querystring: z.object({
          characterId: queryId().optional(),
          rankId: queryId().optional(),
          ...pageQuery,
        }),
      },
    },
    async (req, reply) => {
      const rows = await repo.listCards(db, req.query);
      if (req.query.limit !== undefined)
        reply.header('x-total-count', String(await repo.countCards(db, req.query)));
      return rows.map(({ characterName, rankCode, rankTitle, rankColor, seasonTitle, ...c }) => ({
        ...c,
        Character: { id: c.character_id, name: characterName },
        Rank: { id: c.rank_id, code: rankCode, title: rankTitle, color: rankColor },
        Season: c.season_id === null ? null : { id: c.season_id, title: seasonTitle },
      }));
    },
  );

  // --- franchises ---
  app.get(
    '/admin/franchises/search',
    { schema: { querystring: z.object({ q: safeString().max(200).default('') }) } },
    async (req) => {
      const q = req.query.q.trim();
      return q.length < 2 ? [] : repo.searchFranchises(db, q);
    },
  );
  app.get(
    '/admin/franchises/check-exists',
    { schema: { querystring: z.object({ title: safeString().max(300).default('') }) } },
    async (req) => {
      const title = req.query.title.trim();
      if (title.length < 2) return { exists: false, exactMatch: null, similar: [] };
      const exact = await repo.findFranchiseByTitle(db, title);
      const similar = (await repo.searchFranchises(db, title, 10)).filter((f) => f.id !== exact?.id);
      return { exists: exact !== undefined, exactMatch: exact ?? null, similar };
    },
  );
  app.post('/admin/franchises', async (req, reply) => {
    const title = titleOf(req, bodyOf(req).title, 'title');
    if (await repo.findFranchiseByTitle(db, title))
      throw new ConflictError(say(req, 'franchiseExists', { title }));
    const created = await editor.run([], async (tx) => {
      const row = await repo.insertFranchise(tx, title);
      return {
        before: [],
        after: [],
        result: row,
        audit: audit(req, 'franchise.created', {
          description: `Created franchise ${row.id}: ${title}`,
          targetType: 'franchise',
          targetId: row.id,
          after: row,
        }),
      };
    });
    return reply.code(201).send(created);
  });
  app.patch('/admin/franchises/:id', { schema: { params: idParams } }, async (req) => {
    const title = titleOf(req, bodyOf(req).title, 'title');
    const other = await repo.findFranchiseByTitle(db, title);
    if (other && other.id !== req.params.id) throw new ConflictError(say(req, 'franchiseExists', { title }));
    return editor.run(['animes'], async (tx) => {
      const changed = await repo.renameFranchise(tx, req.params.id, title);
      if (!changed) throw notFound(req, 'franchiseNotFound');
      return {
        before: [],
        after: [],
        result: changed.after,
        // The same title again is no change: nothing to log (rules §36).
        audit:
          changed.before.title === title
            ? []
            : audit(req, 'franchise.updated', {
                description: `Renamed franchise ${req.params.id}: ${changed.before.title} → ${title}`,
                targetType: 'franchise',
                targetId: req.params.id,
                before: changed.before,
                after: changed.after,
              }),
      };
    });
  });
  app.delete('/admin/franchises/:id', { schema: { params: idParams } }, async (req) =>
    editor.run(['animes'], async (tx) => {
      // Its anime stay, without a franchise (the foreign key sets it null; rules §36).
      const row = await repo.deleteFranchiseRow(tx, req.params.id);
      if (!row) throw notFound(req, 'franchiseNotFound');
      return {
        before: [],
        after: [],
        result: { success: true, id: row.id },
        audit: audit(req, 'franchise.deleted', {
          description: `Deleted franchise ${row.id}: ${row.title}`,
          targetType: 'franchise',
          targetId: row.id,
          before: row,
        }),
      };
    }),
  );

  // --- anime ---
  const animeInput = async (
    req: FastifyRequest,
    body: Record<string, unknown>,
    requireShikimori: boolean,
  ) => {
    const title = titleOf(req, body.title, 'title');
    const shikimoriId = optionalId(req, body.shikimoriId, 'shikimoriPositive', 'shikimoriId');
    if (requireShikimori && shikimoriId === null) throw invalid(req, 'shikimoriPositive', 'shikimoriId');
    const anilistId = optionalId(req, body.anilistId, 'anilistPositive', 'anilistId');
    const franchiseId = body.franchise_id ?? body.franchiseId;
    const franchise =
      franchiseId === undefined || franchiseId === null || franchiseId === ''
        ? null
        : requiredId(franchiseId, 'franchise_id');
    for (const [field, value] of [
      ['shikimoriId', shikimoriId],
      ['anilistId', anilistId],
    ] as const) {
      if (value === null) continue;
      const existing = await repo.findAnimeBy(db, { [field]: value });
      if (existing)
        throw new ConflictError(say(req, 'animeExists', { title: existing.title }), {
          anime: { id: existing.id, title: existing.title },
        });
    }
    return { title, shikimoriId, anilistId, franchiseId: franchise };
  };
  const createAnime = (
    req: FastifyRequest,
    row: { title: string; shikimoriId: number | null; anilistId: number | null; franchiseId: number | null },
    extra: EventEnvelope[] = [],
  ) =>
    editor.run(['animes', 'characters', 'stats'], async (tx) => {
      const id = await insertAnime(tx, row, []);
      const created = { id, ...row, franchise_id: row.franchiseId };
      return {
        before: [],
        after: [],
        result: created,
        audit: [
          ...extra,
          ...audit(req, 'anime.created', {
            description: `Added anime ${id}: ${row.title}`,
            targetType: 'anime',
            targetId: id,
            after: row,
          }),
        ],
      };
    });
  app.post('/admin/animes', async (req, reply) => {
    const row = await animeInput(req, bodyOf(req), true);
    return reply.code(201).send(await createAnime(req, row));
  });
  app.get(
    '/admin/animes/check-exists',
    {
      schema: {
        querystring: z.object({
          shikimoriId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          title: safeString().max(300).optional(),
        }),
      },
    },
    async (req) => {
      const { shikimoriId, title } = req.query;
      if (shikimoriId === undefined && !title?.trim()) throw new ValidationError('Give shikimoriId or title');
      const found = await repo.findAnimeBy(db, {
        ...(shikimoriId === undefined ? {} : { shikimoriId }),
        ...(title?.trim() ? { title: title.trim() } : {}),
      });
      return {
        exists: found !== undefined,
        exactMatch: found
          ? {
              id: found.id,
              title: found.title,
              ...(found.franchiseTitle ? { franchise: { title: found.franchiseTitle } } : {}),
            }
          : null,
      };
    },
  );
  app.post('/admin/animes/quick-add', async (req, reply) => {
    const body = bodyOf(req);
    const shikimoriId = optionalId(req, body.shikimoriId, 'shikimoriPositive', 'shikimoriId');
    const anilistId = optionalId(req, body.anilistId, 'anilistPositive', 'anilistId');
    if (shikimoriId === null && anilistId === null)
      throw new ValidationError('Give shikimoriId or anilistId');
    const title = titleOf(req, body.title ?? body.bestTitle, 'title');
    const row = await animeInput(
      req,
      { title, shikimoriId, anilistId, franchise_id: body.franchiseId },
      false,
    );
    // An AniList-only result is known by its title (the screen checks it so, rules §36 "Search
    // and add"); the server refuses the same, so a stale screen or a second tab adds no twin.
    if (shikimoriId === null) {
      const twin = await repo.findAnimeBy(db, { title });
      if (twin)
        throw new ConflictError(say(req, 'animeExists', { title: twin.title }), {
          anime: { id: twin.id, title: twin.title },
        });
    }
    // createFranchise: a franchise named after the anime, or the one of that name that exists.
    if (row.franchiseId === null && body.createFranchise === true) {
      const existing = await repo.findFranchiseByTitle(db, title);
      row.franchiseId =
        existing?.id ??
        (await editor.run([], async (tx) => {
          const f = await repo.insertFranchise(tx, title);
          return {
            before: [],
            after: [],
            result: f.id,
            audit: audit(req, 'franchise.created', {
              description: `Created franchise ${f.id}: ${title} (quick add)`,
              targetType: 'franchise',
              targetId: f.id,
              after: f,
            }),
          };
        }));
    }
    return reply.code(201).send({ success: true, anime: await createAnime(req, row) });
  });
  app.delete('/admin/animes/:id', { schema: { params: idParams } }, async (req) =>
    editor.run(['animes', 'characters', 'cards', 'stats'], async (tx) => {
      // Characters stay (they may be in other anime); only the anime and its links go.
      const row = await repo.deleteAnimeRow(tx, req.params.id);
      if (!row) throw notFound(req, 'animeNotFound');
      return {
        before: [],
        after: [],
        result: { success: true, id: row.id },
        audit: audit(req, 'anime.deleted', {
          description: `Deleted anime ${row.id}: ${row.title}`,
          targetType: 'anime',
          targetId: row.id,
          before: row,
        }),
      };
    }),
  );

  // --- characters ---
  const characterFields = async (req: FastifyRequest, body: Record<string, unknown>, selfId?: number) => {
    const out: Record<string, unknown> = {};
    if (selfId === undefined || 'name' in body) out.name = titleOf(req, body.name, 'name');
    for (const [field, key, taken] of [
      ['shikimoriId', 'shikimoriPositive', 'shikimoriTaken'],
      ['anilistId', 'anilistPositive', 'anilistTaken'],
    ] as const) {
      if (selfId !== undefined && !(field in body)) continue;
      const value = optionalId(req, body[field], key, field);
      if (value !== null) {
        const other = await repo.findCharacterByExternal(db, field, value);
        if (other && other.id !== selfId)
          throw new ConflictError(say(req, taken, { n: value, name: other.name }), { field });
      }
      out[field] = value;
    }
    for (const [field, max] of [
      ['altname', 2000],
      ['description', 20_000],
    ] as const)
      if (selfId === undefined || field in body) out[field] = optionalText(body[field], max, field);
    if (selfId === undefined || 'imageUrl' in body) out.imageUrl = imageUrlOf(body.imageUrl);
    return out;
  };
  app.post('/admin/characters', async (req, reply) => {
    const body = bodyOf(req);
    const fields = (await characterFields(req, body)) as { name: string };
    const animeId =
      body.animeId === undefined || body.animeId === null ? null : requiredId(body.animeId, 'animeId');
    const created = await editor.run(['characters', 'stats'], async (tx) => {
      const row = await repo.insertCharacter(tx, fields);
      if (animeId !== null) await repo.linkCharacters(tx, animeId, [row.id]);
      return {
        before: [],
        after: [],
        result: row,
        audit: audit(req, 'character.created', {
          description: `Created character ${row.id}: ${row.name}`,
          targetType: 'character',
          targetId: row.id,
          after: fields,
        }),
      };
    });
    return reply.code(201).send(created);
  });
  app.patch('/admin/characters/:id', { schema: { params: idParams } }, async (req) => {
    const patch = await characterFields(req, bodyOf(req), req.params.id);
    const before = await repo.findCharacter(db, req.params.id);
    if (!before) throw notFound(req, 'characterNotFound');
    // Nothing differs (an empty body, the same values): nothing is written or logged as a change.
    const changed = Object.entries(patch).filter(([k, v]) => (before as Record<string, unknown>)[k] !== v);
    if (changed.length === 0) return before;
    await editor.run(['characters', 'cards'], async (tx) => {
      const cardsBefore = await findCardSummariesOf(tx, { characterId: req.params.id });
      await updateCharacterRow(tx, req.params.id, patch);
      const beforeFields = Object.fromEntries(
        Object.keys(patch).map((k) => [k, (before as Record<string, unknown>)[k]]),
      );
      return {
        before: cardsBefore,
        after: await findCardSummariesOf(tx, { characterId: req.params.id }),
        result: undefined,
        audit: audit(req, 'character.updated', {
          description: `Updated character ${req.params.id}: ${before.name}`,
          targetType: 'character',
          targetId: req.params.id,
          before: beforeFields,
          after: patch,
        }),
      };
    });
    return repo.findCharacter(db, req.params.id);
  });
  const deleteCharacters = async (req: FastifyRequest, ids: number[]) => {
    await refuseHeldCards(
      req,
      await repo.cardIdsOfCharacters(db, ids),
      ids.length === 1
        ? say(req, 'characterWord', { id: ids[0]! })
        : say(req, 'charactersWord', { n: ids.length }),
    );
    return editor.run(['characters', 'cards', 'stats'], async (tx) => {
      const before = (
        await Promise.all(ids.map((id) => findCardSummariesOf(tx, { characterId: id })))
      ).flat();
      const removed: Array<{ id: number; name: string }> = [];
      for (const id of ids) {
        const row = await repo.findCharacter(tx, id);
        if (!row) continue;
        await deleteCharacterRow(tx, id);
        removed.push({ id, name: row.name });
      }
      if (ids.length === 1 && removed.length === 0) throw notFound(req, 'characterNotFound');
      return {
        before,
        after: [],
        result: { success: true, deleted: removed.length, ids: removed.map((r) => r.id) },
        audit: removed.map(
          (r) =>
            audit(req, 'character.deleted', {
              description: `Deleted character ${r.id}: ${r.name}`,
              targetType: 'character',
              targetId: r.id,
              before: r,
            })[0]!,
        ),
      };
    });
  };
  app.delete('/admin/characters/:id', { schema: { params: idParams } }, async (req) =>
    deleteCharacters(req, [req.params.id]),
  );
  app.post('/admin/characters/delete-bulk', async (req) => {
    const ids = bodyOf(req).ids;
    if (!Array.isArray(ids) || ids.length === 0)
      throw new ValidationError('ids must be a non-empty list of character ids', { field: 'ids' });
    if (ids.length > LIMITS.deleteIds)
      throw new ValidationError(`At most ${LIMITS.deleteIds} ids per call`, { field: 'ids' });
    return deleteCharacters(req, [...new Set(ids.map((v) => requiredId(v, 'ids')))]);
  });
  /** Import (spec 2 §2.8): up to 50 per call, created or updated by external id, linked to the anime. */
  app.post('/admin/characters/bulk', { bodyLimit: 2 * 1024 * 1024 }, async (req, reply) => {
    const body = bodyOf(req);
    const list = body.characters;
    if (!Array.isArray(list) || list.length === 0)
      throw new ValidationError('characters must be a non-empty list', { field: 'characters' });
    if (list.length > LIMITS.importBatch)
      return reply.code(413).send({
        success: false,
        error: `At most ${LIMITS.importBatch} characters per call (got ${list.length})`,
        code: 'payload_too_large',
      });
    const animeId = requiredId(body.animeId, 'animeId');
    if (!(await repo.findAnimeBy(db, { id: animeId }))) throw notFound(req, 'animeNotFound', { animeId });
    const created: Array<{ id: number; name: string }> = [];
    const updated: Array<{ id: number; name: string }> = [];
    const conflicts: Array<{ name: string; reason: string }> = [];
    await editor.run(['characters', 'stats'], async (tx) => {
      for (const raw of list) {
        const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
        let fields: Record<string, unknown>;
        try {
          fields = {
            name: titleOf(req, item.name, 'name'),
            altname: optionalText(item.altname, 2000, 'altname'),
            description: optionalText(item.description, 20_000, 'description'),
            imageUrl: imageUrlOf(item.imageUrl),
            anilistId: optionalId(req, item.anilistId, 'anilistPositive', 'anilistId'),
            shikimoriId: optionalId(req, item.shikimoriId, 'shikimoriPositive', 'shikimoriId'),
          };
        } catch (err) {
          conflicts.push({ name: String(item.name ?? ''), reason: (err as Error).message });
          continue;
        }
        const byAnilist = fields.anilistId
          ? await repo.findCharacterByExternal(tx, 'anilistId', fields.anilistId as number)
          : undefined;
        const byShikimori = fields.shikimoriId
          ? await repo.findCharacterByExternal(tx, 'shikimoriId', fields.shikimoriId as number)
          : undefined;
        if (byAnilist && byShikimori && byAnilist.id !== byShikimori.id) {
          conflicts.push({
            name: fields.name as string,
            reason: `AniList ID belongs to ${byAnilist.name}, Shikimori ID to ${byShikimori.name}`,
          });
          continue;
        }
        const existing = byAnilist ?? byShikimori;
        if (existing) {
          // Found by one site's id: the other site's id it lacks is filled in (never replaced),
          // so the import screen knows it as existing next time (rules §36).
          const missing = {
            ...(existing.anilistId === null && fields.anilistId
              ? { anilistId: fields.anilistId as number }
              : {}),
            ...(existing.shikimoriId === null && fields.shikimoriId
              ? { shikimoriId: fields.shikimoriId as number }
              : {}),
          };
          await updateCharacterRow(tx, existing.id, missing);
          await repo.linkCharacters(tx, animeId, [existing.id]);
          updated.push({ id: existing.id, name: existing.name });
        } else {
          const row = await repo.insertCharacter(tx, fields as { name: string });
          await repo.linkCharacters(tx, animeId, [row.id]);
          created.push({ id: row.id, name: row.name });
        }
      }
      return {
        before: [],
        after: [],
        result: undefined,
        audit:
          created.length + updated.length > 0
            ? audit(req, 'character.imported', {
                description: `Imported ${created.length} new and linked ${updated.length} existing characters to anime ${animeId}`,
                targetType: 'anime',
                targetId: animeId,
                after: { created: created.map((c) => c.id), updated: updated.map((c) => c.id) },
              })
            : [],
      };
    });
    return {
      success: conflicts.length === 0,
      created,
      updated,
      conflicts,
      error: conflicts.length ? `${conflicts.length} character(s) not imported` : null,
    };
  });

  // --- cards ---
  const cardInput = async (req: FastifyRequest, raw: unknown) => {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (item.character_id === undefined || item.character_id === null || item.character_id === '')
      throw invalid(req, 'characterRequired', 'character_id');
    if (item.rank_id === undefined || item.rank_id === null || item.rank_id === '')
      throw invalid(req, 'rankRequired', 'rank_id');
    if (item.limited !== undefined && item.limited !== null && typeof item.limited !== 'boolean')
      throw new ValidationError('limited must be true or false', { field: 'limited' });
    const limited = item.limited === true;
    const seasonId = limited
      ? item.season_id === undefined || item.season_id === null || item.season_id === ''
        ? null
        : requiredId(item.season_id, 'season_id')
      : null;
    if (limited && seasonId === null) throw invalid(req, 'seasonRequired', 'season_id');
    return {
      characterId: requiredId(item.character_id, 'character_id'),
      rankId: requiredId(item.rank_id, 'rank_id'),
      limited,
      seasonId,
      imageUrl: imageUrlOf(item.imageUrl),
    };
  };
  const insertCards = (
    req: FastifyRequest,
    rows: Array<Awaited<ReturnType<typeof cardInput>>>,
    action: string,
  ) =>
    editor.run(['characters', 'cards', 'stats'], async (tx) => {
      const ids: number[] = [];
      for (const row of rows) ids.push(await insertCard(tx, row));
      const after = await findCardSummaries(tx, ids);
      return {
        before: [],
        after,
        result: ids,
        audit: audit(req, action, {
          description: ids.length === 1 ? `Created card ${ids[0]}` : `Created ${ids.length} cards`,
          targetType: 'card',
          targetId: ids.length === 1 ? ids[0] : undefined,
          after: { ids: ids.slice(0, 200), ...(rows.length === 1 ? rows[0] : {}) },
        }),
      };
    });
  app.post('/admin/cards', async (req, reply) => {
    const [id] = await insertCards(req, [await cardInput(req, req.body)], 'card.created');
    return reply.code(201).send({ success: true, id });
  });
  app.post('/admin/cards/bulk', { bodyLimit: 2 * 1024 * 1024 }, async (req, reply) => {
    const list = bodyOf(req).cards;
    if (!Array.isArray(list) || list.length === 0) throw invalid(req, 'characterIdsMissing', 'cards');
    if (list.length > LIMITS.bulkCards)
      throw new ValidationError(`At most ${LIMITS.bulkCards} cards per call`, { field: 'cards' });
    const rows = [];
    for (const item of list) rows.push(await cardInput(req, item));
    const ids = await insertCards(req, rows, 'card.bulk-created');
    return reply.code(201).send({ success: true, added: ids.length, ids });
  });
  const byAnime = async (
    req: FastifyRequest,
    animeIds: number[] | 'all',
    rankId: number,
    seasonId: number | null,
  ) => {
    const missing = await repo.charactersWithoutCard(db, animeIds, rankId);
    const total = await repo.charactersOfAnime(db, animeIds);
    // One transaction, one multi-row insert per 1000 (rules §36): idempotent per character and rank.
    const added =
      missing.length === 0
        ? 0
        : await editor.run(['characters', 'cards', 'stats'], async (tx) => {
            const ids: number[] = [];
            for (let i = 0; i < missing.length; i += 1000)
              ids.push(...(await repo.insertCardsFor(tx, missing.slice(i, i + 1000), rankId, seasonId)));
            const after = await findCardSummaries(tx, ids);
            return {
              before: [],
              after,
              result: ids.length,
              audit: audit(req, animeIds === 'all' ? 'card.bulk-added-all-anime' : 'card.bulk-added-anime', {
                description: `Added ${ids.length} cards of rank ${rankId}${animeIds === 'all' ? ' for every anime' : ` for anime ${animeIds.join(', ')}`}`,
                targetType: animeIds === 'all' ? 'card' : 'anime',
                targetId: animeIds === 'all' ? undefined : animeIds[0],
                after: { rankId, seasonId, added: ids.length },
              }),
            };
          });
    return { added, skipped: total - added };
  };
  const rankAndSeason = (req: FastifyRequest, body: Record<string, unknown>, key: MessageKey) => {
    if (body.rank_id === undefined || body.rank_id === null || body.rank_id === '')
      throw invalid(req, key, 'rank_id');
    const seasonId =
      body.season_id === undefined || body.season_id === null || body.season_id === ''
        ? null
        : requiredId(body.season_id, 'season_id');
    return { rankId: requiredId(body.rank_id, 'rank_id'), seasonId };
  };
  app.post('/admin/cards/bulk-add-anime', async (req) => {
    const body = bodyOf(req);
    if (body.anime_id === undefined || body.anime_id === null || body.anime_id === '')
      throw invalid(req, 'animeAndRank', 'anime_id');
    const { rankId, seasonId } = rankAndSeason(req, body, 'animeAndRank');
    const animeId = requiredId(body.anime_id, 'anime_id');
    if (!(await repo.findAnimeBy(db, { id: animeId }))) throw notFound(req, 'animeNotFound', { animeId });
    return byAnime(req, [animeId], rankId, seasonId);
  });
  app.post('/admin/cards/bulk-add-all-anime', async (req) => {
    const { rankId, seasonId } = rankAndSeason(req, bodyOf(req), 'rankRequired');
    const result = await byAnime(req, 'all', rankId, seasonId);
    return {
      total_anime: await repo.animeCount(db),
      total_added: result.added,
      total_skipped: result.skipped,
    };
  });
  app.patch('/admin/cards/:id', { schema: { params: idParams } }, async (req) => {
    const body = bodyOf(req);
    const rankId = requiredId(body.rank_id, 'rank_id');
    return editor.run(['characters', 'cards'], async (tx) => {
      const [before] = await findCardSummaries(tx, [req.params.id]);
      if (!before) throw notFound(req, 'cardNotFound');
      await updateCardRow(tx, req.params.id, { rankId });
      const [after] = await findCardSummaries(tx, [req.params.id]);
      return {
        before: [before],
        after: [after!],
        result: after!,
        audit:
          before.rankCode === after!.rankCode
            ? []
            : audit(req, 'card.updated', {
                description: `Card ${req.params.id}: rank ${before.rankCode} → ${after!.rankCode}`,
                targetType: 'card',
                targetId: req.params.id,
                before: { rank: before.rankCode },
                after: { rank: after!.rankCode },
              }),
      };
    });
  });
  app.delete('/admin/cards/:id', { schema: { params: idParams } }, async (req) => {
    await refuseHeldCards(req, [req.params.id], say(req, 'cardWord', { id: req.params.id }));
    return editor.run(['characters', 'cards', 'stats'], async (tx) => {
      const before = await findCardSummaries(tx, [req.params.id]);
      if (before.length === 0) throw notFound(req, 'cardNotFound');
      await deleteCardRow(tx, req.params.id);
      return {
        before,
        after: [],
        result: { success: true, id: req.params.id },
        audit: audit(req, 'card.deleted', {
          description: `Deleted card ${req.params.id} (${before[0]!.characterName}, ${before[0]!.rankCode})`,
          targetType: 'card',
          targetId: req.params.id,
          before: before[0],
        }),
      };
    });
  });

  // --- ranks and seasons ---
  app.post('/admin/ranks', async (req, reply) => {
    const body = bodyOf(req);
    const code = trimmed(body.code, 'code');
    if (!code) throw invalid(req, 'codeRequired', 'code');
    if (code.length > 10)
      throw new ValidationError('The rank code is at most 10 characters', { field: 'code' });
    const title = trimmed(body.title, 'title');
    if (!title) throw invalid(req, 'titleRequired', 'title');
    boundedText(title, 100, 'title');
    const threshold =
      body.threshold === undefined || body.threshold === null || body.threshold === ''
        ? null
        : Number(body.threshold);
    if (threshold !== null && (!Number.isFinite(threshold) || threshold < 0))
      throw invalid(req, 'thresholdInvalid', 'threshold');
    const imageUrl = imageUrlOf(body.imageUrl);
    const ranks = await repo.listRanks(db);
    if (ranks.some((r) => r.code === code)) throw new ConflictError(say(req, 'rankCodeTaken', { code }));
    const sortOrder = ranks.reduce((m, r) => Math.max(m, r.sortOrder + 1), 0);
    const created = await editor.run(['ranks'], async (tx) => {
      const row = await repo.insertRank(tx, {
        code,
        title,
        threshold,
        imageUrl,
        sortOrder,
      });
      return {
        before: [],
        after: [],
        result: row,
        audit: audit(req, 'rank.created', {
          description: `Created rank ${code}: ${title}`,
          targetType: 'rank',
          targetId: row.id,
          after: row,
        }),
      };
    });
    return reply.code(201).send(created);
  });
  app.delete('/admin/ranks/:id', { schema: { params: idParams } }, async (req) => {
    const inUse = await repo.cardCountOf(db, 'rankId', req.params.id);
    if (inUse > 0)
      throw new ConflictError(say(req, 'rankInUse', { n: inUse }), {
        cards: inUse,
      });
    return editor.run(['ranks'], async (tx) => {
      const row = await repo.deleteRankRow(tx, req.params.id);
      if (!row) throw notFound(req, 'rankNotFound');
      return {
        before: [],
        after: [],
        result: { success: true, id: row.id },
        audit: audit(req, 'rank.deleted', {
          description: `Deleted rank ${row.code}`,
          targetType: 'rank',
          targetId: row.id,
          before: row,
        }),
      };
    });
  });
  app.post('/admin/seasons', async (req, reply) => {
    const body = bodyOf(req);
    const title = trimmed(body.title, 'title');
    if (
      !title ||
      body.startDate === undefined ||
      body.endDate === undefined ||
      body.startDate === '' ||
      body.endDate === ''
    )
      throw invalid(req, 'seasonFields', 'title');
    if (!isDate(body.startDate) || !isDate(body.endDate))
      throw new ValidationError('Dates must be real calendar dates as YYYY-MM-DD', { field: 'startDate' });
    if (body.endDate < body.startDate) throw invalid(req, 'seasonDates', 'endDate');
    const row = { title: boundedText(title, 200, 'title'), startDate: body.startDate, endDate: body.endDate };
    const created = await editor.run(['cards', 'seasons'], async (tx) => {
      const s = await repo.insertSeason(tx, row);
      return {
        before: [],
        after: [],
        result: s,
        audit: audit(req, 'season.created', {
          description: `Created season ${s.id}: ${s.title}`,
          targetType: 'season',
          targetId: s.id,
          after: row,
        }),
      };
    });
    return reply.code(201).send(created);
  });
  app.delete('/admin/seasons/:id', { schema: { params: idParams } }, async (req) => {
    const inUse = await repo.cardCountOf(db, 'seasonId', req.params.id);
    if (inUse > 0)
      throw new ConflictError(say(req, 'seasonInUse', { n: inUse }), {
        cards: inUse,
      });
    return editor.run(['cards', 'seasons'], async (tx) => {
      const row = await repo.deleteSeasonRow(tx, req.params.id);
      if (!row) throw notFound(req, 'seasonNotFound');
      return {
        before: [],
        after: [],
        result: { success: true, id: row.id },
        audit: audit(req, 'season.deleted', {
          description: `Deleted season ${row.id}: ${row.title}`,
          targetType: 'season',
          targetId: row.id,
          before: row,
        }),
      };
    });
  });
}
