import { adminIdParamsSchema, type EventEnvelope, inventoryCardHolders } from '@acg/contracts';
import { AppError, auditEventFor, ConflictError, type HttpServer, type Tx } from '@acg/platform';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { CatalogueContext } from '../../context';
import type { CatalogueEditor, EditOutcome } from '../../editing/catalogue-editor';
import { cardCountOf } from '../../repository/admin-catalogue';
import { invalid, isMessageKey, type MessageKey, notFound, say } from './messages';

/** What the admin catalogue's routes share: the catalogue's context and its editor. */
export type AdminCatalogueContext = CatalogueContext & { editor: CatalogueEditor };

const SERVICE = 'catalogue';

/** An audit.recorded event of the admin catalogue (category cards), written with its change. */
export const auditOf = (
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

/**
 * The rows the admin catalogue adds and deletes one by one without a card summary changing with
 * them; the subject is also the audit record's target type (`season` of `season.created`).
 */
export type RowSubject = 'anime' | 'franchise' | 'season' | 'rank' | 'character';

/** The outcome of adding a row (editor.run): the row, audited as `<subject>.created` (`after`: the row). */
export const rowCreated = <R extends { id: number }>(
  req: FastifyRequest,
  subject: RowSubject,
  row: R,
  description: string,
  after: unknown = row,
): EditOutcome<R> => ({
  before: [],
  after: [],
  result: row,
  audit: auditOf(req, `${subject}.created`, { description, targetType: subject, targetId: row.id, after }),
});

/** The refusal of deleting a rank or season that cards use, by the card column that refers to it. */
const IN_USE = { rankId: 'rankInUse', seasonId: 'seasonInUse' } as const satisfies Record<string, MessageKey>;

/**
 * Deletes a row by its id in one edit (`caches`: the cached lists it clears): a 404 when there is
 * none, else `{ success, id }`, audited as `<subject>.deleted` with the row as it was. With
 * `usedBy`, cards that use the row refuse the delete first (a 409, rules §36).
 */
export async function deleteRow<R extends { id: number; title: string }>(
  ctx: AdminCatalogueContext,
  req: FastifyRequest<{ Params: { id: number } }>,
  subject: Exclude<RowSubject, 'character'>,
  opts: {
    caches: Parameters<CatalogueEditor['run']>[0];
    remove: (tx: Tx, id: number) => Promise<R | undefined>;
    usedBy?: keyof typeof IN_USE;
    describe?: (row: R) => string;
  },
) {
  const { id } = req.params;
  if (opts.usedBy) {
    const inUse = await cardCountOf(ctx.database.db, opts.usedBy, id);
    if (inUse > 0) throw new ConflictError(say(req, IN_USE[opts.usedBy], { n: inUse }), { cards: inUse });
  }
  return ctx.editor.run(opts.caches, async (tx) => {
    const row = await opts.remove(tx, id);
    if (!row) throw notFound(req, `${subject}NotFound`);
    return {
      before: [],
      after: [],
      result: { success: true as const, id: row.id },
      audit: auditOf(req, `${subject}.deleted`, {
        description: opts.describe?.(row) ?? `Deleted ${subject} ${row.id}: ${row.title}`,
        targetType: subject,
        targetId: row.id,
        before: row,
      }),
    };
  });
}

/** Route options of a `<path>/:id` route: the id parameter, the answer, and the body it takes (if any). */
export function byId<A>(answer: A): { schema: { params: typeof adminIdParamsSchema; response: { 200: A } } };
export function byId<A, B>(
  answer: A,
  body: B,
): { schema: { params: typeof adminIdParamsSchema; body: B; response: { 200: A } } };
export function byId<A, B>(answer: A, body?: B) {
  return {
    schema: {
      params: adminIdParamsSchema,
      ...(body === undefined ? {} : { body }),
      response: { 200: answer },
    },
  };
}

/** Cards that players hold block a delete (rules §36); inventory answers over the bus. */
export async function refuseHeldCards(
  ctx: Pick<CatalogueContext, 'bus'>,
  req: FastifyRequest,
  cardIds: number[],
  what: string,
): Promise<void> {
  if (cardIds.length === 0) return;
  let holders: Array<{ cardId: number; players: number }>;
  try {
    ({ holders } = await ctx.bus.request(inventoryCardHolders, { cardIds }));
  } catch {
    throw new AppError(503, 'service_unavailable', say(req, 'inventoryUnavailable'));
  }
  if (holders.length > 0) {
    const players = holders.reduce((n, h) => n + h.players, 0);
    throw new ConflictError(say(req, 'cardsHeld', { what, n: holders.length, entries: players }), {
      heldCards: holders.slice(0, 50),
    });
  }
}

export interface FormIssue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** The field an issue is about: the last name in its path (`cards/3/rank_id` is rank_id). */
export const fieldOf = (path: ReadonlyArray<PropertyKey>, fallback = ''): string =>
  [...path].reverse().find((p): p is string => typeof p === 'string' && !/^\d+$/.test(p)) ?? fallback;

/** The first issue the screens have words for (its message is a message key), if any. */
export const wordedIssue = (issues: readonly FormIssue[]): (FormIssue & { key: MessageKey }) | undefined => {
  for (const issue of issues) if (isMessageKey(issue.message)) return { ...issue, key: issue.message };
  return undefined;
};

interface SchemaRefusal {
  validation: Array<{ instancePath: string; message?: string }>;
}
const isSchemaRefusal = (err: unknown): err is FastifyError & SchemaRefusal =>
  typeof err === 'object' &&
  err !== null &&
  Array.isArray((err as { validation?: unknown }).validation) &&
  (err as { code?: unknown }).code === 'FST_ERR_VALIDATION';

/**
 * A scope whose request schemas word some refusals as the screens do (requirements C5): a schema
 * refusal whose issue carries a message key is a 400 with that message in the caller's language
 * and the field; any other goes on to the platform's handler ("Invalid request: <field>").
 */
export function answerFormRefusals(scope: HttpServer): void {
  scope.setErrorHandler((err, req) => {
    if (!isSchemaRefusal(err)) throw err;
    const worded = wordedIssue(
      err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
      })),
    );
    if (!worded) throw err;
    throw invalid(req, worded.key, fieldOf(worded.path));
  });
}
