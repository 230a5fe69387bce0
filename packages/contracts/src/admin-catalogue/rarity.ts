import { z } from 'zod';

/**
 * Rarity and the rank updates (requirements C2.7, C3, C7 "Rarity"; docs/rules.md §37 and the rank
 * previews and revisions): what each route takes and answers.
 */
const int = () => z.number().int();

/** One step of a run: how many it changed of how many, when, and its errors (requirements C8). */
export const rarityStepSchema = z.object({
  updated: int(),
  total: int(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number(),
  /** The first 100 changed card ids. */
  updatedIds: z.array(int()),
  /** This step's errors, listed apart from the other step's (empty in an answered run: all-or-nothing). */
  errors: z.array(z.string()),
});

export const rarityMethodSchema = z.enum(['scores', 'smart', 'percentile']);

/** POST /admin/cards/recalculate-rarity, and the run inside an auto-update's result. */
export const rarityRunSchema = z.object({
  rarityScores: rarityStepSchema,
  cardRanks: rarityStepSchema,
  totalDuration: z.number(),
  method: rarityMethodSchema,
  /** Additive: the revision a rank update stored (null for a scores-only run). */
  revision: int().nullable(),
});
export type RarityRun = z.infer<typeof rarityRunSchema>;

/** GET /admin/cards/rarity-recalc-stats: the last run (nothing before any) and a run's progress. */
export const rarityRecalcStatsSchema = z.object({
  type: z.enum(['auto', 'manual']).optional(),
  at: z.string().optional(),
  rarityScores: rarityStepSchema.optional(),
  cardRanks: rarityStepSchema.optional(),
  totalDuration: z.number().optional(),
  method: rarityMethodSchema.optional(),
  progress: z.object({
    running: z.boolean(),
    phase: z.enum(['idle', 'reading', 'scoring', 'writing']),
    done: int(),
    total: int(),
    startedAt: z.string().nullable(),
  }),
});
export type RarityRecalcStats = z.infer<typeof rarityRecalcStatsSchema>;

/** The rank analysis (requirements C3), 2 decimals. */
export const rankAnalysisSchema = z.object({
  totalCards: int(),
  rarityScoreStats: z.object({ mean: z.number(), median: z.number(), min: z.number(), max: z.number() }),
  rankDistribution: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      threshold: z.number().nullable(),
      cardCount: int(),
      percentage: z.number(),
      avgOwnership: z.number(),
    }),
  ),
  ownershipAnalysis: z.object({
    totalOwned: int(),
    avgOwnershipPerCard: z.number(),
    correlation: z.number(),
  }),
});
export type RankAnalysis = z.infer<typeof rankAnalysisSchema>;
/** GET /admin/ranks/analysis. */
export const rankAnalysisAnswerSchema = z.object({ analysis: rankAnalysisSchema });

/** The likes analysis (requirements C3, C9), 2 decimals, top 10 liked. */
export const likesAnalysisSchema = z.object({
  totalLikes: int(),
  cardsWithLikes: int(),
  totalCards: int(),
  averageLikesPerCard: z.number(),
  maxLikes: int(),
  likeDistribution: z.object({
    noLikes: int(),
    lowLikes: int(),
    mediumLikes: int(),
    highLikes: int(),
    veryHighLikes: int(),
  }),
  correlationAnalysis: z.object({
    likesVsRarityScore: z.number(),
    likesVsOwnership: z.number(),
    rarityScoreVsOwnership: z.number(),
  }),
  topLikedCards: z.array(
    z.object({
      id: int(),
      likes: int(),
      uniqueOwners: int(),
      rarityScore: z.number(),
      likesPerOwner: z.number(),
    }),
  ),
  rankAnalysis: z.array(
    z.object({
      code: z.string(),
      cardCount: int(),
      averageLikes: z.number(),
      averageRarityScore: z.number(),
      averageOwnership: z.number(),
    }),
  ),
});
export type LikesAnalysis = z.infer<typeof likesAnalysisSchema>;
/** GET /admin/ranks/likes-analysis. */
export const likesAnalysisAnswerSchema = z.object({ analysis: likesAnalysisSchema });

/** A preview's token: applying with it writes only what the preview showed. */
const previewToken = z.string().min(1).max(200).optional();

/** POST /admin/ranks/auto-update: { method, previewToken? }. */
export const autoUpdateBodySchema = z.object({ method: z.enum(['smart', 'percentile']), previewToken });
/** Its answer: the run and the rank analysis after it. */
export const autoUpdateAnswerSchema = z.object({
  result: rarityRunSchema.extend({ newAnalysis: rankAnalysisSchema }),
});

/** POST /admin/ranks/force-fix-thresholds: { previewToken? } (no body is the spec's call). */
export const forceFixBodySchema = z.object({ previewToken }).optional();
export const forceFixAnswerSchema = z.object({
  result: z.object({
    uniqueScores: int(),
    /** Additive: the revision it stored. */
    revision: int(),
    ranks: z.array(
      z.object({
        code: z.string(),
        before: z.number().nullable(),
        after: z.number(),
        threshold: z.number(),
        changed: z.boolean(),
      }),
    ),
  }),
});
export type ForceFixResult = z.infer<typeof forceFixAnswerSchema>['result'];

/** GET /admin/cards/{id}/rarity-history: the card's scores, newest first. */
export const rarityHistorySchema = z.array(z.object({ score: z.number(), at: z.string() }));

export const rankUpdateSchema = z.enum(['smart', 'percentile', 'force-fix']);
export type RankUpdateMethod = z.infer<typeof rankUpdateSchema>;
/** POST /admin/ranks/preview: { method }. */
export const rankPreviewBodySchema = z.object({ method: rankUpdateSchema });

const thresholdAndCards = z.object({ cards: int(), threshold: z.number().nullable() });
/** A rank update's preview: nothing is written (rules, rank previews). */
export const rankPreviewSchema = z.object({
  method: rankUpdateSchema,
  token: z.string(),
  totalCards: int(),
  /** Cards whose rarityScore the update would change. */
  scoresChanged: int(),
  ranks: z.array(
    z.object({
      id: int(),
      code: z.string(),
      title: z.string(),
      before: thresholdAndCards,
      after: thresholdAndCards,
    }),
  ),
  moving: z.object({
    count: int(),
    /** The cards moving the most ranks first, by character name. */
    sample: z.array(
      z.object({ cardId: int(), name: z.string(), from: z.string(), to: z.string(), score: z.number() }),
    ),
  }),
  warnings: z.array(
    z.object({
      code: z.enum(['empty_rank', 'most_cards_move', 'many_ties', 'below_threshold']),
      /** The warning in the caller's language. */
      message: z.string(),
    }),
  ),
});
export type RankPreview = z.infer<typeof rankPreviewSchema>;

const revisionThresholds = z.array(
  z.object({ code: z.string(), before: z.number().nullable(), after: z.number().nullable() }),
);
/** GET /admin/ranks/revisions: the latest rank updates and undos, newest first. */
export const rankRevisionListSchema = z.array(
  z.object({
    id: int(),
    at: z.string(),
    actorId: int().nullable(),
    kind: z.enum(['smart', 'percentile', 'force-fix', 'undo']),
    undoOf: int().nullable(),
    cardsMoved: int(),
    thresholds: revisionThresholds,
    undoneAt: z.string().nullable(),
    undoneBy: int().nullable(),
    undoneIn: int().nullable(),
  }),
);
export type RankRevision = z.infer<typeof rankRevisionListSchema>[number];

/** POST /admin/ranks/revisions/{id}/undo. */
export const rankUndoSchema = z.object({
  revision: int(),
  undoRevision: int(),
  kind: z.string(),
  restored: int(),
  changedSince: int(),
  skipped: int(),
  thresholds: revisionThresholds,
});
export type RankUndo = z.infer<typeof rankUndoSchema>;
