import type {
  AdminRank,
  ForceFixResult,
  LikesAnalysis,
  RankAnalysis,
  RankPreview,
  RankRevision,
  RankUndo,
  RankUpdateMethod,
  RarityRecalcStats,
  RarityRun,
} from '@acg/contracts';
import { request } from './client';
import { HttpError } from './http';

/**
 * The ranks and rarity calls of the admin area (requirements C7 "Ranks and seasons", "Rarity"), through
 * the typed client: the answers' shapes are the routes' own schemas (@acg/contracts).
 */

/** The server's own words for a failure ({error} or {details}), else undefined. */
export function failureText(err: unknown): string | undefined {
  const body =
    err instanceof HttpError ? (err.body as { error?: unknown; details?: unknown } | undefined) : undefined;
  if (typeof body?.details === 'string' && body.details) return body.details;
  return typeof body?.error === 'string' && body.error ? body.error : undefined;
}

/** A refused run's errors by step (requirements C8: the scores' and the ranks' apart), when it names them. */
export function stepErrors(err: unknown): { rarityScores: string[]; cardRanks: string[] } | undefined {
  const details =
    err instanceof HttpError ? (err.body as { details?: unknown } | undefined)?.details : undefined;
  const errors = (details as { errors?: { rarityScores?: unknown; cardRanks?: unknown } } | undefined)
    ?.errors;
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return errors ? { rarityScores: list(errors.rarityScores), cardRanks: list(errors.cardRanks) } : undefined;
}

export type Rank = AdminRank;
export const fetchRanks = () => request('GET /admin/ranks');
export const createRank = (input: {
  code: string;
  title: string;
  imageUrl: string | null;
  threshold: number | null;
}) => request('POST /admin/ranks', { body: input });
export const updateRank = (
  id: number,
  body: { code?: string; title?: string; imageUrl?: string | null; threshold?: number | null },
) => request('PATCH /admin/ranks/:id', { params: { id }, body });
export const deleteRank = (id: number) => request('DELETE /admin/ranks/:id', { params: { id } });

export type { ForceFixResult, LikesAnalysis, RankPreview, RankRevision, RankUndo, RankUpdateMethod };
export type Analysis = RankAnalysis;
export type RunResult = RarityRun;
export type LastRun = RarityRecalcStats;

export const fetchLastRun = () => request('GET /admin/cards/rarity-recalc-stats');
export const recalculateRarity = () => request('POST /admin/cards/recalculate-rarity', { body: {} });
export const previewRankUpdate = (method: RankUpdateMethod) =>
  request('POST /admin/ranks/preview', { body: { method } });
export const autoUpdate = (method: 'smart' | 'percentile', previewToken?: string) =>
  request('POST /admin/ranks/auto-update', { body: { method, previewToken } });
export const fetchAnalysis = () => request('GET /admin/ranks/analysis');
export const fetchLikesAnalysis = () => request('GET /admin/ranks/likes-analysis');
export const forceFixThresholds = (previewToken?: string) =>
  request('POST /admin/ranks/force-fix-thresholds', { body: { previewToken } });
export const undoRevision = (id: number) =>
  request('POST /admin/ranks/revisions/:id/undo', { params: { id }, body: {} });
