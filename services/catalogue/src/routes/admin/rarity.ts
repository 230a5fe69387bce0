import {
  AppError,
  auditEventFor,
  type HttpServer,
  isAppError,
  requireAdmin,
  ValidationError,
} from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RarityJob, RunResult } from '../../rarity/rarity-job';
import { type MessageKey, say } from './messages';

const SERVICE = 'catalogue';
const cardParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const runAudit = (req: FastifyRequest, action: string) => (r: RunResult) =>
  auditEventFor(req, SERVICE, {
    action,
    category: 'cards',
    description: `Rarity ${r.method}: ${r.rarityScores.updated} scores and ${r.cardRanks.updated} ranks changed of ${r.rarityScores.total} cards`,
    targetType: 'card',
    after: { method: r.method, scores: r.rarityScores.updated, ranks: r.cardRanks.updated },
  });

const REASONS = new Set<string>(['already_running', 'no_active_players', 'inventory_unavailable']);

/** A refusal of the job (it names its reason) in the caller's language; anything else as it is. */
const localized = (req: FastifyRequest, err: unknown): unknown => {
  if (!isAppError(err)) return err;
  const details = err.details as Record<string, unknown> | undefined;
  if (typeof details?.reason !== 'string' || !REASONS.has(details.reason)) return err;
  const values = Object.fromEntries(
    Object.entries(details).filter((e): e is [string, string | number] =>
      ['string', 'number'].includes(typeof e[1]),
    ),
  );
  return new AppError(err.status, err.code, say(req, details.reason as MessageKey, values), details);
};

/** Every refusal of the job reaches the screen in the caller's language (rules §37). */
const inLanguage =
  <T>(handler: (req: FastifyRequest) => Promise<T>) =>
  async (req: FastifyRequest): Promise<T> => {
    try {
      return await handler(req);
    } catch (err) {
      throw localized(req, err);
    }
  };

/** Rarity and the rank analyses (spec 2 §2.7, §7 "Rarity"; docs/rules.md §37). Level 3. */
export function registerRarityRoutes(app: HttpServer, job: RarityJob): void {
  app.addHook('preHandler', async (req) => {
    requireAdmin(req);
  });

  app.get('/admin/cards/rarity-recalc-stats', async () => ({
    ...((await job.lastRun()) ?? {}),
    // Additive: how a run in progress is going (the screen shows it).
    progress: job.progress(),
  }));

  app.post(
    '/admin/cards/recalculate-rarity',
    inLanguage((req) =>
      job.run({ type: 'manual', method: 'scores', audit: runAudit(req, 'rarity.recalculated') }),
    ),
  );

  app.post(
    '/admin/ranks/auto-update',
    inLanguage(async (req) => {
      const method = (req.body as { method?: unknown } | undefined)?.method;
      if (method !== 'smart' && method !== 'percentile')
        throw new ValidationError('method must be smart or percentile', { field: 'method' });
      const result = await job.run({
        type: 'manual',
        method,
        audit: runAudit(req, `ranks.auto-updated-${method}`),
      });
      return { result: { ...result, newAnalysis: await job.analysis() } };
    }),
  );

  app.get(
    '/admin/ranks/analysis',
    inLanguage(async () => ({ analysis: await job.analysis() })),
  );
  app.get(
    '/admin/ranks/likes-analysis',
    inLanguage(async () => ({ analysis: await job.likesAnalysis() })),
  );

  app.post(
    '/admin/ranks/force-fix-thresholds',
    inLanguage(async (req) => ({
      result: await job.fixThresholds((before, after) =>
        auditEventFor(req, SERVICE, {
          action: 'ranks.thresholds-fixed',
          category: 'cards',
          description: 'Rank thresholds made strictly increasing',
          targetType: 'rank',
          before,
          after,
        }),
      ),
    })),
  );

  app.get('/admin/cards/:id/rarity-history', { schema: { params: cardParams } }, async (req) =>
    (await job.history(req.params.id)).map((h) => ({ score: h.score, at: h.at.toISOString() })),
  );
}
