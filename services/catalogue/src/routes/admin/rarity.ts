import {
  auditEventFor,
  type HttpServer,
  refusalsInCallersLanguage,
  text,
  ValidationError,
} from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RarityJob, RunResult } from '../../rarity/rarity-job';
import { isMessageKey, sayIn } from './messages';

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

/** The reasons the job's refusals give (rarity-job.ts), each a message of ./messages. */
const REASONS = new Set<unknown>(['already_running', 'no_active_players', 'inventory_unavailable']);

/** Rarity and the rank analyses (requirements C2.7, C7 "Rarity"; docs/rules.md §37). Level 3. */
export function registerRarityRoutes(app: HttpServer, job: RarityJob): void {
  // Every refusal of the job (it names its reason) reaches the screen in the caller's language.
  refusalsInCallersLanguage(app, (details, language) =>
    REASONS.has(details.reason) && isMessageKey(details.reason)
      ? sayIn(language, details.reason, details)
      : undefined,
  );

  app.get('/admin/cards/rarity-recalc-stats', async () => ({
    ...((await job.lastRun()) ?? {}),
    // Additive: how a run in progress is going (the screen shows it).
    progress: job.progress(),
  }));

  app.post('/admin/cards/recalculate-rarity', async (req) =>
    job.run({ type: 'manual', method: 'scores', audit: runAudit(req, 'rarity.recalculated') }),
  );

  app.post('/admin/ranks/auto-update', async (req) => {
    const method = (req.body as { method?: unknown } | undefined)?.method;
    if (method !== 'smart' && method !== 'percentile')
      throw new ValidationError(text('catalogue.rarityMethod'), { field: 'method' });
    const result = await job.run({
      type: 'manual',
      method,
      audit: runAudit(req, `ranks.auto-updated-${method}`),
    });
    return { result: { ...result, newAnalysis: await job.analysis() } };
  });

  app.get('/admin/ranks/analysis', async () => ({ analysis: await job.analysis() }));
  app.get('/admin/ranks/likes-analysis', async () => ({ analysis: await job.likesAnalysis() }));

  app.post('/admin/ranks/force-fix-thresholds', async (req) => ({
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
  }));

  app.get('/admin/cards/:id/rarity-history', { schema: { params: cardParams } }, async (req) =>
    (await job.history(req.params.id)).map((h) => ({ score: h.score, at: h.at.toISOString() })),
  );
}
