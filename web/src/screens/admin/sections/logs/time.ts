import { relativeTimeFormat } from '../../../../i18n/formats';
/** Requirements O9: under a minute `justNow` (the ru text is the spec's), then minutes, hours, days (<30), months (<12), years. */
export function relativeTime(date: Date, now: Date, locale: string, justNow: string): string {
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return justNow;
  const format = relativeTimeFormat(locale);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 30) return format.format(-days, 'day');
  const months = Math.floor(days / 30);
  if (months < 12) return format.format(-months, 'month');
  return format.format(-Math.floor(days / 365), 'year');
}

/** A local calendar date as the date inputs and the log filters take it (YYYY-MM-DD). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Quick ranges (requirements O2.3): today, the last 7 or 30 days (today included). */
export function quickRange(days: 1 | 7 | 30, now: Date): { startDate: string; endDate: string } {
  const start = new Date(now);
  start.setDate(start.getDate() - (days - 1));
  return { startDate: isoDay(start), endDate: isoDay(now) };
}
