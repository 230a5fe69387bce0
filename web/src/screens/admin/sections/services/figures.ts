import type { ServiceMapProcess } from '@acg/contracts';

/**
 * The service map's figures as text in the page's language (Intl's units, e.g. "12 ms" in English).
 * A figure the process does not report (null) is a dash.
 */
export const NONE = '—';

const unit = (language: string, value: number, name: 'millisecond' | 'second', digits: number) =>
  new Intl.NumberFormat(language, {
    style: 'unit',
    unit: name,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);

/** Milliseconds: one decimal under 10 ms, whole ones above. */
export const formatMs = (language: string, ms: number | null): string =>
  ms === null ? NONE : unit(language, ms, 'millisecond', ms < 10 ? 1 : 0);

/** Seconds: in milliseconds under one second, else with one decimal (whole past a minute). */
export const formatSeconds = (language: string, s: number | null): string => {
  if (s === null) return NONE;
  if (s > 0 && s < 1) return formatMs(language, s * 1000);
  return unit(language, s, 'second', s < 60 ? 1 : 0);
};

/** Requests per second: two decimals under 10, one above. */
export const formatRate = (language: string, rate: number | null): string =>
  rate === null
    ? NONE
    : new Intl.NumberFormat(language, { maximumFractionDigits: rate < 10 ? 2 : 1 }).format(rate);

export const formatRatio = (language: string, ratio: number | null): string =>
  ratio === null
    ? NONE
    : new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(ratio);

export const formatCount = (language: string, n: number | null): string =>
  n === null ? NONE : new Intl.NumberFormat(language).format(n);

/** The bus as a whole: the largest lag, the oldest outbox event, the dead letters of all. */
export function busSummary(processes: readonly ServiceMapProcess[]) {
  const present = (values: Array<number | null>) => values.filter((v): v is number => v !== null);
  const max = (values: number[]) => (values.length ? Math.max(...values) : null);
  const sum = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) : null);
  return {
    lag: max(present(processes.map((p) => p.busLagSeconds))),
    outboxAge: max(present(processes.map((p) => p.outboxAgeSeconds))),
    outboxPending: sum(present(processes.map((p) => p.outboxPending))),
    deadLetters: sum(present(processes.map((p) => p.deadLetters))),
  };
}
