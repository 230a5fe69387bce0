import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  PrometheusRule,
  ServiceMonitor,
} from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import type { K8sObject } from './k8s-check';
import {
  type Dashboard,
  dashboardSchema,
  everyExpression,
  OBSERVABILITY_DIR,
  promqlMetrics,
  RULES_FILE,
  type RuleFile,
  readDashboards,
  readRuleFile,
  ruleFileSchema,
} from './observability-files';

/**
 * deploy/observability offline (issue 26 item 3): the alert rules through promtool (Debian's
 * prometheus package; scripts/test-all.mjs installs it when missing) and through their schema,
 * the dashboards through theirs, every PromQL expression through Prometheus's grammar, and the
 * kustomize component rendered onto the production overlay, each object checked against its API
 * schema. observability-live.test.ts checks the metric names against the running system.
 */
const PROMTOOL = '/usr/bin/promtool';
const KUBECTL = '/usr/bin/kubectl';

let rules: RuleFile;
let dashboards: Array<{ file: string; json: Dashboard }>;
beforeAll(() => {
  rules = ruleFileSchema.parse(readRuleFile());
  dashboards = readDashboards().map(({ file, json }) => ({ file, json: dashboardSchema.parse(json) }));
});

describe('the alert rules', () => {
  it('pass promtool check rules', () => {
    expect(existsSync(PROMTOOL), `${PROMTOOL} is missing: apt-get install prometheus`).toBe(true);
    const out = execFileSync(PROMTOOL, ['check', 'rules', RULES_FILE], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('alert on availability, latency, the outbox, consumer lag and dead letters', () => {
    const alerts = rules.groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(new Set(alerts).size).toBe(alerts.length);
    for (const wanted of [
      'ProcessDown',
      'HighErrorRatio',
      'HighLatency',
      'OutboxStale',
      'ConsumerLagHigh',
      'DeadLetters',
    ])
      expect(alerts).toContain(`AnimeCards${wanted}`);
  });

  it('carry no secret or certificate', () => {
    // What Prometheus loads (the comments aside).
    const text = JSON.stringify(readRuleFile());
    expect(text).not.toMatch(/password|secret|token|BEGIN [A-Z ]*(CERTIFICATE|PRIVATE KEY)|bearer/i);
  });
});

describe('the dashboards', () => {
  it('cover the golden signals, the bus, the trades, the image cache and the upstream budgets', () => {
    expect(dashboards.map((d) => d.json.uid).sort()).toEqual(
      ['acg-bus', 'acg-golden-signals', 'acg-image-cache', 'acg-trades', 'acg-upstream-budgets'].sort(),
    );
    for (const { file, json } of dashboards) {
      const ids = json.panels.map((p) => p.id);
      expect(new Set(ids).size, file).toBe(ids.length);
      for (const p of json.panels)
        expect(p.gridPos.x + p.gridPos.w, `${file}: ${p.title}`).toBeLessThanOrEqual(24);
    }
  });
});

describe('every expression', () => {
  it('parses with the PromQL grammar and selects metrics by name', () => {
    const all = everyExpression(rules, dashboards);
    expect(all.length).toBeGreaterThan(30);
    for (const { where, expr } of all) {
      const { metrics, errors } = promqlMetrics(expr);
      expect(errors, `${where}: ${expr}`).toEqual([]);
      expect(metrics.length, where).toBeGreaterThan(0);
    }
  });

  it('a broken expression is found', () => {
    expect(promqlMetrics('sum(rate(acg_x[5m])').errors.length).toBeGreaterThan(0);
    expect(promqlMetrics('rate(acg_a_total[5m]) / on() acg_b').metrics.sort()).toEqual([
      'acg_a_total',
      'acg_b',
    ]);
  });
});

describe('the kustomize component on the production overlay', () => {
  let objects: K8sObject[];
  beforeAll(() => {
    expect(existsSync(KUBECTL), `${KUBECTL} is missing: apt-get install kubectl`).toBe(true);
    const overlay = join(OBSERVABILITY_DIR, '..', 'k8s', 'overlays', 'production-monitored');
    const text = execFileSync(KUBECTL, ['kustomize', overlay], { encoding: 'utf8', maxBuffer: 32 << 20 });
    objects = parseAllDocuments(text).map((d) => d.toJSON() as K8sObject);
  });
  const named = (kind: string, name: string) => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found as K8sObject & { spec: Record<string, unknown>; metadata: { namespace?: string } };
  };

  it('adds ServiceMonitors for the services and the gateway, valid and in the namespace', () => {
    for (const name of ['anime-cards-services', 'anime-cards-gateway']) {
      const monitor = named('ServiceMonitor', name);
      expect(() => new ServiceMonitor(monitor as never).validate()).not.toThrow();
      expect(monitor.metadata.namespace).toBe('anime-cards');
    }
    const service = named('Service', 'gateway-metrics');
    expect(() => new Service(service as never).validate()).not.toThrow();
    expect(() =>
      new NetworkPolicy(named('NetworkPolicy', 'allow-prometheus') as never).validate(),
    ).not.toThrow();
    // Every service's Service is selected: labelled as the monitor's selector asks, port `http`.
    const selector = (
      named('ServiceMonitor', 'anime-cards-services').spec.selector as { matchLabels: object }
    ).matchLabels as Record<string, string>;
    const services = objects.filter(
      (o) =>
        o.kind === 'Service' &&
        Object.entries(selector).every(([k, v]) => (o.metadata.labels as Record<string, string>)?.[k] === v),
    );
    expect(services.map((s) => s.metadata.name).sort()).toEqual(
      ['admin', 'anime-search', 'auth', 'bot', 'catalogue', 'image-proxy', 'inventory', 'trades'].sort(),
    );
  });

  it('adds the rules as a PrometheusRule equal to the rule file', () => {
    const rule = named('PrometheusRule', 'anime-cards');
    expect(() => new PrometheusRule(rule as never).validate()).not.toThrow();
    expect(rule.spec).toEqual(readRuleFile());
  });

  it('adds the dashboards as one ConfigMap for the Grafana sidecar', () => {
    const map = named('ConfigMap', 'anime-cards-dashboards') as unknown as K8sObject & {
      data: Record<string, string>;
    };
    expect(() => new ConfigMap(map as never).validate()).not.toThrow();
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(Object.keys(map.data).sort()).toEqual(dashboards.map((d) => d.file).sort());
  });
});
