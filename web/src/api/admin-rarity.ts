import type { AdminRank } from '@acg/contracts';
import { request } from './client';
import { HttpError } from './http';

/**
 * The ranks and rarity calls of the admin area (requirements C7 "Ranks and seasons", "Rarity"). The
 * ranks go through the typed client; the rarity run and analysis answers have no contract schema
 * yet (their routes are being split, services/catalogue/src/routes/admin/rarity.ts) and are read
 * leniently: the screens show what is there and a dash for the rest.
 */
async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new HttpError(response.status, parsed);
  return parsed as T;
}

/** The server's own words for a failure ({error} or {details}), else undefined. */
export function failureText(err: unknown): string | undefined {
  const body =
    err instanceof HttpError ? (err.body as { error?: unknown; details?: unknown } | undefined) : undefined;
  if (typeof body?.details === 'string' && body.details) return body.details;
  return typeof body?.error === 'string' && body.error ? body.error : undefined;
}

export type Rank = AdminRank;
export const fetchRanks = () => request('GET /admin/ranks');
export const createRank = (input: {
  code: string;
  title: string;
  imageUrl: string | null;
  threshold: number | null;
}) => request('POST /admin/ranks', { body: input });
export const deleteRank = (id: number) => request('DELETE /admin/ranks/:id', { params: { id } });

export interface StepStats {
  updated: number;
  total: number;
  durationMs: number;
}
export interface RunResult {
  rarityScores?: StepStats;
  cardRanks?: StepStats;
  totalDuration?: number;
  method?: string;
}
export interface LastRun extends RunResult {
  type?: string;
  at?: string;
  progress?: { running: boolean; phase: string; done: number; total: number };
}
export interface Analysis {
  totalCards: number;
  rarityScoreStats: { mean: number; median: number; min: number; max: number };
  rankDistribution: Array<{
    code: string;
    title: string;
    threshold: number | null;
    cardCount: number;
    percentage: number;
    avgOwnership: number;
  }>;
  ownershipAnalysis: { totalOwned: number; avgOwnershipPerCard: number; correlation: number };
}
export interface LikesAnalysis {
  totalLikes: number;
  cardsWithLikes: number;
  totalCards: number;
  averageLikesPerCard: number;
  maxLikes: number;
  likeDistribution: Record<'noLikes' | 'lowLikes' | 'mediumLikes' | 'highLikes' | 'veryHighLikes', number>;
  correlationAnalysis: {
    likesVsRarityScore: number;
    likesVsOwnership: number;
    rarityScoreVsOwnership: number;
  };
  topLikedCards: Array<{
    id: number;
    likes: number;
    uniqueOwners: number;
    rarityScore: number;
    likesPerOwner: number;
  }>;
  rankAnalysis: Array<{
    code: string;
    cardCount: number;
    averageLikes: number;
    averageRarityScore: number;
    averageOwnership: number;
  }>;
}
export const fetchLastRun = () => call<LastRun>('GET', '/admin/cards/rarity-recalc-stats');
export const recalculateRarity = () => call<RunResult>('POST', '/admin/cards/recalculate-rarity', {});
export const autoUpdate = (method: 'smart' | 'percentile') =>
  call<{ result: RunResult & { newAnalysis?: Analysis } }>('POST', '/admin/ranks/auto-update', { method });
export const fetchAnalysis = () => call<{ analysis: Analysis }>('GET', '/admin/ranks/analysis');
export const fetchLikesAnalysis = () =>
  call<{ analysis: LikesAnalysis }>('GET', '/admin/ranks/likes-analysis');
export const forceFixThresholds = () =>
  call<{
    result: { uniqueScores: number; ranks: Array<{ code: string; before: number | null; after: number }> };
  }>('POST', '/admin/ranks/force-fix-thresholds', {});
