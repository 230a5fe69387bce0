import {
  adminIdParamsSchema,
  autoUpdateAnswerSchema,
  autoUpdateBodySchema,
  forceFixAnswerSchema,
  forceFixBodySchema,
  likesAnalysisAnswerSchema,
  rankAnalysisAnswerSchema,
  rankPreviewBodySchema,
  rankPreviewSchema,
  rankRevisionListSchema,
  rankUndoSchema,
  rarityHistorySchema,
  rarityRecalcStatsSchema,
  rarityRunSchema,
} from '@acg/contracts';
import { AppError, auditEventFor, type HttpServer } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PreviewWarning } from '../../rarity/preview';
import type { RarityJob, RunResult, RunStep } from '../../rarity/rarity-job';
import type { UndoOutcome } from '../../rarity/revisions';
import { isMessageKey, type MessageKey, sayIn } from './messages';

const SERVICE = 'catalogue';
const cardParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const runAudit = (req: FastifyRequest, action: string) => (r: RunResult & { revision: number | null }) =>
  auditEventFor(req, SERVICE, {
    action,
    category: 'cards',
    description: `Rarity ${r.method}: ${r.rarityScores.updated} scores and ${r.cardRanks.updated} ranks changed of ${r.rarityScores.total} cards${r.revision === null ? '' : ` (revision ${r.revision})`}`,
    targetType: r.revision === null ? 'card' : 'rank-revision',
    ...(r.revision === null ? {} : { targetId: String(r.revision) }),
    after: {
      method: r.method,
      scores: r.rarityScores.updated,
      ranks: r.cardRanks.updated,
      revision: r.revision,
    },
  });

const undoAudit = (req: FastifyRequest) => (o: UndoOutcome) =>
  auditEventFor(req, SERVICE, {
    action: 'ranks.revision-undone',
    category: 'cards',
    description: `Undid rank revision ${o.revision} (${o.kind}): ${o.restored} cards back to their earlier rank, thresholds restored (revision ${o.undoRevision})`,
    targetType: 'rank-revision',
    targetId: String(o.revision),
    before: Object.fromEntries(o.thresholds.map((t) => [t.code, t.before])),
    after: { thresholds: Object.fromEntries(o.thresholds.map((t) => [t.code, t.after])), cards: o.restored },
  });

/** The reasons the job's refusals give (rarity-job.ts, revisions.ts), each a message of ./messages. */
const REASONS = new Set<unknown>([
  'already_running',
  'no_active_players',
  'inventory_unavailable',
  'preview_outdated',
  'revision_undone',
  'revision_not_found',
]);

/**
 * Every refusal of the job reaches the screen in the caller's language; one that stopped a run in
 * a step lists it under that step's errors (`details.errors.rarityScores` / `.cardRanks`, requirements C8).
 */
function refusalsWorded(app: HttpServer): void {
  app.setErrorHandler((err, req) => {
    const details =
      err instanceof AppError ? (err.details as Record<string, unknown> | undefined) : undefined;
    if (
      !(err instanceof AppError) ||
      !details ||
      !REASONS.has(details.reason) ||
      !isMessageKey(details.reason)
    )
      throw err;
    const message = sayIn(req.identity.language, details.reason, details);
    const step = details.step as RunStep | undefined;
    const errors = step && {
      rarityScores: step === 'rarityScores' ? [message] : [],
      cardRanks: step === 'cardRanks' ? [message] : [],
    };
    throw new AppError(err.status, err.code, message, errors ? { ...details, errors } : details);
  });
}

const WARNING_TEXT: Record<PreviewWarning['code'], MessageKey> = {
  empty_rank: 'warnEmptyRanks',
  most_cards_move: 'warnMostMove',
  many_ties: 'warnTies',
  below_threshold: 'warnBelowThreshold',
};
const worded = (req: FastifyRequest, w: PreviewWarning) => {
  const values = w.code === 'empty_rank' ? { ranks: w.ranks.join(', '), n: w.ranks.length } : w;
  const key = w.code === 'many_ties' && w.split ? 'warnTiesSplit' : WARNING_TEXT[w.code];
  return { code: w.code, message: sayIn(req.identity.language, key, values) };
};

/** Rarity, the rank updates with their previews and revisions, and the analyses (requirements C2.7, C7; rules §37). Level 3. */
export function registerRarityRoutes(app: HttpServer, job: RarityJob): void {
  refusalsWorded(app);

  app.get(
    '/admin/cards/rarity-recalc-stats',
    { schema: { response: { 200: rarityRecalcStatsSchema } } },
    async () => ({
      ...((await job.lastRun()) ?? {}),
      // Additive: how a run in progress is going (the screen shows it).
      progress: job.progress(),
    }),
  );

  app.post(
    '/admin/cards/recalculate-rarity',
    { schema: { response: { 200: rarityRunSchema } } },
    async (req) => job.run({ type: 'manual', method: 'scores', audit: runAudit(req, 'rarity.recalculated') }),
  );

  registerRevisionRoutes(app, job);
  registerAnalysisRoutes(app, job);
  app.post(
    '/admin/ranks/preview',
    { schema: { body: rankPreviewBodySchema, response: { 200: rankPreviewSchema } } },
    async (req) => {
      const preview = await job.preview(req.body.method);
      return { ...preview, warnings: preview.warnings.map((w) => worded(req, w)) };
    },
  );

  app.post(
    '/admin/ranks/auto-update',
    { schema: { body: autoUpdateBodySchema, response: { 200: autoUpdateAnswerSchema } } },
    async (req) => {
      const { method, previewToken } = req.body;
      const result = await job.run({
        type: 'manual',
        method,
        token: previewToken,
        actorId: req.identity.userId,
        audit: runAudit(req, `ranks.auto-updated-${method}`),
      });
      return { result: { ...result, newAnalysis: await job.analysis() } };
    },
  );

  app.post(
    '/admin/ranks/force-fix-thresholds',
    { schema: { body: forceFixBodySchema, response: { 200: forceFixAnswerSchema } } },
    async (req) => ({
      result: await job.fixThresholds({
        token: req.body?.previewToken,
        actorId: req.identity.userId,
        audit: (before, after, revision) =>
          auditEventFor(req, SERVICE, {
            action: 'ranks.thresholds-fixed',
            category: 'cards',
            description: `Rank thresholds made strictly increasing (revision ${revision})`,
            targetType: 'rank-revision',
            targetId: String(revision),
            before,
            after,
          }),
      }),
    }),
  );

  app.get(
    '/admin/cards/:id/rarity-history',
    { schema: { params: cardParams, response: { 200: rarityHistorySchema } } },
    async (req) =>
      (await job.history(req.params.id)).map((h) => ({ score: h.score, at: h.at.toISOString() })),
  );
}

/** The rank revisions (rules: rank revisions): the latest, and undo. */
function registerRevisionRoutes(app: HttpServer, job: RarityJob): void {
  app.get('/admin/ranks/revisions', { schema: { response: { 200: rankRevisionListSchema } } }, async () =>
    job.revisions(),
  );
  app.post(
    '/admin/ranks/revisions/:id/undo',
    { schema: { params: adminIdParamsSchema, response: { 200: rankUndoSchema } } },
    async (req) => job.undo(req.params.id, req.identity.userId, undoAudit(req)),
  );
}

/** The rank and likes analyses (requirements C3). */
function registerAnalysisRoutes(app: HttpServer, job: RarityJob): void {
  app.get('/admin/ranks/analysis', { schema: { response: { 200: rankAnalysisAnswerSchema } } }, async () => ({
    analysis: await job.analysis(),
  }));
  app.get(
    '/admin/ranks/likes-analysis',
    { schema: { response: { 200: likesAnalysisAnswerSchema } } },
    async () => ({ analysis: await job.likesAnalysis() }),
  );
}
