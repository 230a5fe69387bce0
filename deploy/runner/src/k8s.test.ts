import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { builtServices } from '@acg/contracts';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Service, ServiceAccount } from 'kubernetes-models/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlKey, type K8sObject, k8sProblems, OVERLAYS, renderOverlay } from './k8s-check';
import { processEnvSpecs } from './process-env';

/**
 * deploy/k8s rendered offline with `kubectl kustomize` (Debian's kubectl; scripts/test-all.mjs
 * installs it when missing), every object validated against the Kubernetes API schemas
 * (kubernetes-models), and the manifests checked against system.ts and each config schema.
 */
const KUBECTL = '/usr/bin/kubectl';

/** The API models this system uses, by apiVersion and kind. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
};
function validate(object: K8sObject): void {
  const Model = models[`${object.apiVersion}/${object.kind}`];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object as never).validate();
}

const rendered = new Map<string, K8sObject[]>();
beforeAll(() => {
  expect(existsSync(KUBECTL), `${KUBECTL} is missing: apt-get install kubectl`).toBe(true);
  for (const overlay of OVERLAYS) rendered.set(overlay, renderOverlay(overlay, KUBECTL));
});
const objects = (overlay: string): K8sObject[] => structuredClone(rendered.get(overlay) ?? []);
const deployment = (list: K8sObject[], name: string) => {
  const found = list.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  if (!found) throw new Error(`no Deployment ${name}`);
  return found as K8sObject & {
    spec: {
      replicas: number;
      template: {
        spec: {
          containers: {
            env: { name: string; value?: string; valueFrom?: unknown }[];
            resources: { limits: { memory: string } };
          }[];
        };
      };
    };
  };
};

describe.each(OVERLAYS)('deploy/k8s/overlays/%s', (overlay) => {
  it('renders with kubectl kustomize, every object valid against the API schemas', () => {
    const list = objects(overlay);
    expect(list.length).toBeGreaterThan(6 * builtServices().length);
    for (const object of list)
      expect(() => validate(object), `${object.kind} ${object.metadata.name}`).not.toThrow();
  });

  it('matches system.ts and every config schema', () => {
    expect(k8sProblems(objects(overlay))).toEqual([]);
  });

  it('runs every process of the system in its namespace', () => {
    const list = objects(overlay);
    const names = list.filter((o) => o.kind === 'Deployment').map((o) => o.metadata.name);
    expect(names.sort()).toEqual(['gateway', ...builtServices().map((s) => s.name)].sort());
    const namespaces = new Set(
      list.filter((o) => o.kind !== 'Namespace').map((o) => (o.metadata as { namespace?: string }).namespace),
    );
    expect(namespaces.size).toBe(1);
  });
});

describe('overlays', () => {
  it('dev runs one replica of each process, production at least two with larger limits', () => {
    for (const spec of processEnvSpecs()) {
      expect(deployment(objects('dev'), spec.name).spec.replicas, spec.name).toBe(1);
      expect(deployment(objects('production'), spec.name).spec.replicas, spec.name).toBeGreaterThanOrEqual(2);
      const mib = (o: K8sObject[]) =>
        Number.parseInt(
          deployment(o, spec.name).spec.template.spec.containers[0]?.resources.limits.memory ?? '',
          10,
        );
      expect(mib(objects('production')), spec.name).toBeGreaterThan(mib(objects('dev')));
    }
    for (const hpa of objects('production').filter((o) => o.kind === 'HorizontalPodAutoscaler')) {
      expect((hpa.spec as { minReplicas: number }).minReplicas).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('k8sProblems', () => {
  it('fails when a built service lacks its manifests', () => {
    const list = objects('production').filter((o) => o.metadata.name !== 'catalogue');
    expect(k8sProblems(list)).toEqual(expect.arrayContaining(['catalogue: no Deployment']));
  });

  it('follows system.ts: a newly built service needs manifests and an upstream', () => {
    // Trades as if just marked built: its manifests, upstream and egress port not written yet.
    const list = objects('production').filter((o) => o.metadata.name !== 'trades');
    const container = deployment(list, 'gateway').spec.template.spec.containers[0]!;
    container.env = container.env?.filter((e) => e.name !== 'UPSTREAM_TRADES_URL');
    for (const policy of list.filter((o) => o.kind === 'NetworkPolicy')) {
      const spec = policy.spec as { egress?: Array<{ ports?: Array<{ port?: unknown }> }> } | undefined;
      for (const rule of spec?.egress ?? []) rule.ports = rule.ports?.filter((p) => Number(p.port) !== 4104);
    }
    const problems = k8sProblems(list);
    expect(problems).toEqual(
      expect.arrayContaining([
        'trades: no Deployment',
        'gateway: UPSTREAM_TRADES_URL must be http://trades:4104, found nothing',
        'gateway: its NetworkPolicy must let it reach trades on 4104',
      ]),
    );
  });

  it('reports env a config requires but the Deployment lacks, and env no config reads', () => {
    const list = objects('dev');
    const env = deployment(list, 'auth').spec.template.spec.containers[0]?.env ?? [];
    const filtered = env.filter((e) => e.name !== 'DISCORD_CLIENT_SECRET' && e.name !== 'DATABASE_URL');
    filtered.push({ name: 'DISCORD_CLIENT_SECRETS', value: 'x' });
    const container = deployment(list, 'auth').spec.template.spec.containers[0];
    if (container) container.env = filtered;
    expect(k8sProblems(list)).toEqual(
      expect.arrayContaining([
        'auth: env DISCORD_CLIENT_SECRET is missing (its config requires it)',
        'auth: env DATABASE_URL is missing (its config requires it)',
        'auth: env DISCORD_CLIENT_SECRETS is not read by its config',
        'auth: env DISCORD_CLIENT_SECRETS must come from the Secret acg-secrets',
      ]),
    );
  });

  it('reports a process without its memory settings, or with other values (memory-env.ts)', () => {
    const list = objects('dev');
    const container = deployment(list, 'image-proxy').spec.template.spec.containers[0];
    const setting = container?.env?.find((e) => e.name === 'MALLOC_MMAP_THRESHOLD_');
    expect(setting?.value).toBe('65536');
    if (setting) setting.value = '131072';
    expect(k8sProblems(list)).toEqual([
      'image-proxy: env MALLOC_MMAP_THRESHOLD_ must be 65536 (memory-env.ts), found 131072',
    ]);
    if (container) container.env = container.env?.filter((e) => e !== setting);
    expect(k8sProblems(list)).toEqual([
      'image-proxy: env MALLOC_MMAP_THRESHOLD_ is missing (its config requires it)',
    ]);
  });

  it('reports an Ingress to a service: only the gateway is public', () => {
    const list = objects('production');
    const ingress = list.find((o) => o.kind === 'Ingress') as K8sObject & {
      spec: { defaultBackend?: unknown };
    };
    ingress.spec.defaultBackend = { service: { name: 'auth', port: { number: 4101 } } };
    expect(k8sProblems(list)).toContain(
      'an Ingress routes to auth: only the gateway is reachable from outside',
    );
  });

  it('reports a service reachable from elsewhere than the gateway', () => {
    const list = objects('production');
    const policy = list.find(
      (o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'inventory',
    ) as K8sObject & {
      spec: { ingress: { from?: unknown[] }[] };
    };
    policy.spec.ingress[0] = { from: [{ namespaceSelector: {} }] };
    expect(k8sProblems(list)).toContain(
      'inventory: a NetworkPolicy lets in traffic from elsewhere than the gateway',
    );
  });

  it('lets the bot reach only the services its commands call', () => {
    expect(k8sProblems(objects('production'))).toEqual([]);
    const list = objects('production');
    const policy = list.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'auth') as K8sObject & {
      spec: { ingress: { from?: unknown[] }[] };
    };
    policy.spec.ingress.push({
      from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'bot' } } }],
    });
    expect(k8sProblems(list)).toContain(
      'auth: a NetworkPolicy lets in traffic from elsewhere than the gateway',
    );
  });

  it('reports a container that could write its root filesystem or run as root', () => {
    const list = objects('production');
    const d = deployment(list, 'bot') as unknown as {
      spec: {
        template: {
          spec: {
            securityContext: Record<string, unknown>;
            containers: { securityContext: Record<string, unknown> }[];
          };
        };
      };
    };
    d.spec.template.spec.securityContext = {};
    const container = d.spec.template.spec.containers[0];
    if (container) container.securityContext = { readOnlyRootFilesystem: false };
    expect(k8sProblems(list)).toEqual(
      expect.arrayContaining([
        'bot: must run as non-root',
        'bot: root filesystem must be read-only',
        'bot: must drop ALL capabilities',
        'bot: seccomp profile must be RuntimeDefault',
      ]),
    );
  });

  it('reports a database URL of another role and a committed Secret', () => {
    const list = objects('dev');
    const env = deployment(list, 'inventory').spec.template.spec.containers[0]?.env ?? [];
    const db = env.find((e) => e.name === 'DATABASE_URL');
    if (db) db.valueFrom = { secretKeyRef: { name: 'acg-secrets', key: databaseUrlKey('catalogue') } };
    list.push({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'acg-secrets' } });
    expect(k8sProblems(list)).toEqual(
      expect.arrayContaining([
        "inventory: DATABASE_URL must be its own role's, DATABASE_URL_INVENTORY, found DATABASE_URL_CATALOGUE",
        'a Secret is committed: the operator creates acg-secrets (secrets.env.example)',
      ]),
    );
  });

  it('validates against the API schemas: a wrong type fails', () => {
    const list = objects('dev');
    const d = deployment(list, 'catalogue') as unknown as { spec: { replicas: unknown } };
    d.spec.replicas = 'two';
    expect(() => validate(deployment(list, 'catalogue'))).toThrow(/replicas must be integer/);
  });
});

describe('kubectl', () => {
  it('is the Debian package the test command installs', () => {
    expect(execFileSync(KUBECTL, ['version', '--client'], { encoding: 'utf8' })).toMatch(/Client Version/);
  });
});
