import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';
import { z } from 'zod';

/**
 * deploy/observability read and checked the way Prometheus and Grafana would take it (issue 26):
 * the rule file's shape, the dashboards' shape, every PromQL expression parsed with Prometheus's
 * own grammar (lezer-promql) and the metric names it selects.
 */
export const OBSERVABILITY_DIR = resolve(import.meta.dirname, '..', '..', 'observability');
export const RULES_FILE = join(OBSERVABILITY_DIR, 'rules', 'anime-cards.rules.yml');
const DASHBOARDS_DIR = join(OBSERVABILITY_DIR, 'dashboards');

const duration = z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/);
const alertRule = z.strictObject({
  alert: z.string().regex(/^AnimeCards[A-Za-z]+$/),
  expr: z.string().min(1),
  for: duration.optional(),
  labels: z.strictObject({ severity: z.enum(['critical', 'warning', 'info']) }),
  annotations: z.strictObject({ summary: z.string().min(1), description: z.string().min(1) }),
});
export const ruleFileSchema = z.strictObject({
  groups: z
    .array(z.strictObject({ name: z.string().startsWith('anime-cards.'), rules: z.array(alertRule).min(1) }))
    .min(1),
});

const target = z.strictObject({ refId: z.string(), expr: z.string().min(1), legendFormat: z.string() });
const panel = z.object({
  id: z.number().int().positive(),
  type: z.enum(['timeseries', 'stat']),
  title: z.string().min(1),
  gridPos: z.strictObject({
    x: z.number().int().min(0).max(23),
    y: z.number().int().min(0),
    w: z.number().int().min(1).max(24),
    h: z.number().int().min(1),
  }),
  // Grafana's variable syntax, not a template literal: the data source is chosen on import.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax
  datasource: z.strictObject({ type: z.literal('prometheus'), uid: z.literal('${datasource}') }),
  targets: z.array(target).min(1),
});
export const dashboardSchema = z.object({
  uid: z.string().regex(/^acg-[a-z-]+$/),
  title: z.string().startsWith('Anime cards: '),
  schemaVersion: z.number().int().min(36),
  templating: z.object({
    list: z
      .array(z.object({ name: z.string(), type: z.string() }))
      .refine(
        (vars) => vars.some((v) => v.name === 'datasource' && v.type === 'datasource'),
        'the Prometheus data source is a variable',
      ),
  }),
  panels: z.array(panel).min(1),
});

export type RuleFile = z.infer<typeof ruleFileSchema>;
export type Dashboard = z.infer<typeof dashboardSchema>;

export const readRuleFile = (): unknown => parse(readFileSync(RULES_FILE, 'utf8'));

export function readDashboards(): Array<{ file: string; json: unknown }> {
  return readdirSync(DASHBOARDS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(DASHBOARDS_DIR, file), 'utf8')) }));
}

/** The metric names an expression selects, or the offsets where the grammar found an error. */
export function promqlMetrics(expr: string): { metrics: string[]; errors: number[] } {
  const metrics = new Set<string>();
  const errors: number[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError) errors.push(node.from);
      // A selector's name: its Identifier (the label matchers come after it).
      if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
        metrics.add(expr.slice(node.from, node.to));
      if (node.name === 'UnquotedLabelMatcher' && expr.slice(node.from, node.to).startsWith('__name__'))
        errors.push(node.from);
    },
  });
  return { metrics: [...metrics], errors };
}

/** Every expression of the rules and the dashboards, with where it is. */
export function everyExpression(rules: RuleFile, dashboards: Array<{ file: string; json: Dashboard }>) {
  return [
    ...rules.groups.flatMap((g) => g.rules.map((r) => ({ where: `rule ${r.alert}`, expr: r.expr }))),
    ...dashboards.flatMap(({ file, json }) =>
      json.panels.flatMap((p) => p.targets.map((t) => ({ where: `${file}: ${p.title}`, expr: t.expr }))),
    ),
  ];
}

/** Names of the series Prometheus makes itself for every target, not read from /metrics. */
export const SCRAPE_SERIES = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);

/** The series names a /metrics text exports: each `# TYPE`, a histogram as its three series. */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = m as unknown as [string, string, string];
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(`${name}${s}`);
    else if (type === 'summary') for (const s of ['', '_sum', '_count']) names.add(`${name}${s}`);
    else names.add(name);
  }
  return names;
}
