import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ServiceName, type ServiceSpec, system } from '@acg/contracts';
import { parseAllDocuments } from 'yaml';
import { runtimeEntry, upstreamVariable } from './compose-check';
import { type ProcessEnvSpec, processEnvSpecs } from './process-env';

/**
 * Checks the rendered Kubernetes manifests (deploy/k8s, `kubectl kustomize` of an overlay)
 * against system.ts and each process's config schema, as compose-check.ts does for compose:
 * every built service and the gateway has its Deployment (env its config needs, probes, limits,
 * a locked-down securityContext), Service, ServiceAccount, HPA, PodDisruptionBudget and
 * NetworkPolicy, services take traffic from the gateway only, and no secret is written inline.
 */

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const K8S_DIR = join(REPO_ROOT, 'deploy', 'k8s');
export const OVERLAYS = ['dev', 'production'] as const;
/**
 * Seconds a process may take on SIGTERM (runMain in packages/platform, rules §39): the grace
 * period (5 s), the requests' drain (5 s) and the event handlers' (up to 5 s more).
 */
export const DRAIN_SECONDS = 15;
/** The gateway's internal port (probes, metrics) in the manifests. */
export const GATEWAY_INTERNAL_PORT = 4000;
const CONFIG_MAP = 'acg-config';
const SECRET = 'acg-secrets';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [key: string]: unknown;
};
type Entry = Record<string, unknown>;
const isEntry = (v: unknown): v is Entry => typeof v === 'object' && v !== null && !Array.isArray(v);
const asEntry = (v: unknown): Entry => (isEntry(v) ? v : {});
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** `kubectl kustomize` of an overlay, parsed. */
export function renderOverlay(overlay: string, kubectl = '/usr/bin/kubectl'): K8sObject[] {
  const text = execFileSync(kubectl, ['kustomize', join(K8S_DIR, 'overlays', overlay)], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(text).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${overlay}: ${doc.errors[0]?.message}`);
    return doc.toJS() as K8sObject;
  });
}

/** Keys of the Secret the operator creates, as deploy/k8s/secrets.env.example lists them. */
export function secretKeys(path = join(K8S_DIR, 'secrets.env.example')): Set<string> {
  return new Set(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('=')[0] ?? ''),
  );
}

/** The Secret key holding a service's DATABASE_URL: anime-search -> DATABASE_URL_ANIME_SEARCH. */
export const databaseUrlKey = (service: string): string =>
  `DATABASE_URL_${service.toUpperCase().replace(/-/g, '_')}`;

/** Variables that hold credentials: never a literal value or a ConfigMap key. */
const SECRET_VARIABLE = /SECRET|PASSWORD|TOKEN|PUBLIC_KEY|DATABASE_URL|REDIS_URL/;

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
/** A generated ConfigMap's name carries a hash suffix: acg-config-58f8gttkg9. */
const isConfigMapName = (name: string) => name === CONFIG_MAP || name.startsWith(`${CONFIG_MAP}-`);

const selects = (selector: unknown, labels: Record<string, string>): boolean => {
  const match = asEntry(asEntry(selector).matchLabels);
  return Object.entries(match).every(([k, v]) => labels[k] === v);
};

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
  };
}

function checkContainerSecurity(name: string, pod: Entry, container: Entry, problems: string[]): void {
  const podSc = asEntry(pod.securityContext);
  const sc = asEntry(container.securityContext);
  if (sc.runAsNonRoot !== true && podSc.runAsNonRoot !== true) problems.push(`${name}: must run as non-root`);
  if (sc.readOnlyRootFilesystem !== true) problems.push(`${name}: root filesystem must be read-only`);
  if (sc.allowPrivilegeEscalation !== false) problems.push(`${name}: must not allow privilege escalation`);
  if (!asList(asEntry(sc.capabilities).drop).includes('ALL'))
    problems.push(`${name}: must drop ALL capabilities`);
  const seccomp = asEntry(sc.seccompProfile).type ?? asEntry(podSc.seccompProfile).type;
  if (seccomp !== 'RuntimeDefault') problems.push(`${name}: seccomp profile must be RuntimeDefault`);
  const tmp = asList(container.volumeMounts)
    .map(asEntry)
    .find((m) => m.mountPath === '/tmp');
  const volume = asList(pod.volumes)
    .map(asEntry)
    .find((v) => tmp && v.name === tmp.name);
  if (!volume || !isEntry(volume.emptyDir)) problems.push(`${name}: needs a writable emptyDir at /tmp`);
  const resources = asEntry(container.resources);
  for (const part of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory']) {
      if (asEntry(resources[part])[resource] === undefined) {
        problems.push(`${name}: resources.${part}.${resource} is missing`);
      }
    }
  }
  if (pod.automountServiceAccountToken !== false) {
    problems.push(`${name}: must not mount a service account token`);
  }
  const grace = Number(pod.terminationGracePeriodSeconds ?? 30);
  if (grace < DRAIN_SECONDS || grace > DRAIN_SECONDS + 10) {
    problems.push(
      `${name}: terminationGracePeriodSeconds must cover the ${DRAIN_SECONDS} s drain (found ${grace})`,
    );
  }
}

function checkEnv(
  spec: ProcessEnvSpec,
  env: EnvVar[],
  configKeys: Set<string>,
  secrets: Set<string>,
  problems: string[],
): Map<string, EnvVar> {
  const name = spec.name;
  const byName = new Map(env.map((e) => [e.name, e]));
  for (const key of spec.required) {
    if (!byName.has(key)) problems.push(`${name}: env ${key} is missing (its config requires it)`);
  }
  for (const e of env) {
    if (!spec.known.includes(e.name)) problems.push(`${name}: env ${e.name} is not read by its config`);
    const memory = spec.memory[e.name];
    if (memory !== undefined && e.value !== memory) {
      problems.push(
        `${name}: env ${e.name} must be ${memory} (memory-env.ts), found ${e.value ?? 'a reference'}`,
      );
    }
    const cm = e.valueFrom?.configMapKeyRef;
    const secret = e.valueFrom?.secretKeyRef;
    if (SECRET_VARIABLE.test(e.name) && !secret) {
      problems.push(`${name}: env ${e.name} must come from the Secret ${SECRET}`);
    }
    if (cm && !cm.optional && (!isConfigMapName(cm.name) || !configKeys.has(cm.key))) {
      problems.push(`${name}: env ${e.name} refers to ${cm.name}/${cm.key}, which the ConfigMap lacks`);
    }
    if (secret && (secret.name !== SECRET || !secrets.has(secret.key))) {
      problems.push(
        `${name}: env ${e.name} refers to ${secret.name}/${secret.key}, not a key of secrets.env.example`,
      );
    }
  }
  const needs = new Set(spec.needs);
  for (const [infra, variable] of [
    ['postgres', 'DATABASE_URL'],
    ['redis', 'REDIS_URL'],
    ['nats', 'NATS_URL'],
  ] as const) {
    if (!needs.has(infra) && byName.has(variable)) {
      problems.push(`${name}: has ${variable} but does not need ${infra}`);
    }
  }
  const db = byName.get('DATABASE_URL')?.valueFrom?.secretKeyRef?.key;
  if (db && db !== databaseUrlKey(name)) {
    problems.push(`${name}: DATABASE_URL must be its own role's, ${databaseUrlKey(name)}, found ${db}`);
  }
  if (byName.get('PORT')?.value !== String(spec.port)) {
    problems.push(`${name}: PORT must be ${spec.port}, found ${byName.get('PORT')?.value ?? 'nothing'}`);
  }
  return byName;
}

function checkProcess(
  spec: ProcessEnvSpec,
  objects: K8sObject[],
  configKeys: Set<string>,
  secrets: Set<string>,
  problems: string[],
): void {
  const name = spec.name;
  const deployment = find(objects, 'Deployment', name);
  if (!deployment) {
    problems.push(`${name}: no Deployment`);
    return;
  }
  const template = asEntry(asEntry(deployment.spec).template);
  const labels = asEntry(asEntry(template.metadata).labels) as Record<string, string>;
  const pod = asEntry(template.spec);
  const containers = asList(pod.containers).map(asEntry);
  const container = containers[0];
  if (!container || containers.length !== 1) {
    problems.push(`${name}: the Deployment must have one container`);
    return;
  }
  const command = [...asList(container.command), ...asList(container.args)].map(String).join(' ');
  if (command !== `node ${runtimeEntry(name)}`) {
    problems.push(`${name}: must run "node ${runtimeEntry(name)}" (args, keeping tini), found "${command}"`);
  }
  if (asList(container.command).length > 0) problems.push(`${name}: command would replace tini; use args`);
  const env = checkEnv(spec, asList(container.env) as EnvVar[], configKeys, secrets, problems);
  checkContainerSecurity(name, pod, container, problems);

  // Probes: on the process's own port, or the gateway's internal one.
  const ports = new Map(
    asList(container.ports).map((p) => [String(asEntry(p).name), Number(asEntry(p).containerPort)]),
  );
  if (ports.get('http') !== spec.port) problems.push(`${name}: container port http must be ${spec.port}`);
  const probePort = name === 'gateway' ? Number(env.get('INTERNAL_PORT')?.value) : spec.port;
  if (name === 'gateway' && ports.get('internal') !== probePort) {
    problems.push(`gateway: container port internal must be INTERNAL_PORT (${probePort})`);
  }
  for (const [probe, path] of [
    ['readinessProbe', '/readyz'],
    ['livenessProbe', '/healthz'],
  ] as const) {
    const get = asEntry(asEntry(container[probe]).httpGet);
    const port = typeof get.port === 'string' ? ports.get(get.port) : Number(get.port);
    if (get.path !== path || port !== probePort) {
      problems.push(`${name}: ${probe} must ask ${path} on port ${probePort}`);
    }
  }

  const serviceAccount = find(objects, 'ServiceAccount', name);
  if (pod.serviceAccountName !== name || !serviceAccount) {
    problems.push(`${name}: must run as its own ServiceAccount ${name}`);
  } else if (serviceAccount.automountServiceAccountToken !== false) {
    problems.push(`${name}: ServiceAccount must not automount its token`);
  }
  const service = find(objects, 'Service', name);
  const servicePorts = asList(asEntry(service?.spec).ports).map(asEntry);
  if (!service || !selects({ matchLabels: asEntry(service.spec).selector }, labels)) {
    problems.push(`${name}: no Service selecting its pods`);
  } else if (!servicePorts.some((p) => Number(p.port) === spec.port)) {
    problems.push(`${name}: its Service must listen on ${spec.port}`);
  }
  const hpa = find(objects, 'HorizontalPodAutoscaler', name);
  const target = asEntry(asEntry(hpa?.spec).scaleTargetRef);
  if (!hpa || target.kind !== 'Deployment' || target.name !== name) {
    problems.push(`${name}: no HorizontalPodAutoscaler scaling its Deployment`);
  }
  const pdb = objects.find(
    (o) => o.kind === 'PodDisruptionBudget' && selects(asEntry(o.spec).selector, labels),
  );
  if (!pdb) problems.push(`${name}: no PodDisruptionBudget`);
  checkIngressPolicy(name, labels, spec.port, objects, problems);
}

/** Ingress rules of the NetworkPolicies that select pods with these labels. */
function ingressRules(labels: Record<string, string>, objects: K8sObject[]): Entry[] {
  return objects
    .filter((o) => o.kind === 'NetworkPolicy' && selects(asEntry(o.spec).podSelector, labels))
    .flatMap((o) => asList(asEntry(o.spec).ingress).map(asEntry));
}

const GATEWAY_PEER = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } };
const BOT_PEER = { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'bot' } } };
/** The services whose member APIs the bot's commands call (services/bot/src/services/api.ts). */
export const CALLED_BY_BOT: ReadonlySet<string> = new Set(['catalogue', 'inventory', 'trades']);

function checkIngressPolicy(
  name: string,
  labels: Record<string, string>,
  port: number,
  objects: K8sObject[],
  problems: string[],
): void {
  const denyAll = objects.some(
    (o) =>
      o.kind === 'NetworkPolicy' &&
      selects(asEntry(o.spec).podSelector, labels) &&
      asList(asEntry(o.spec).policyTypes).includes('Ingress'),
  );
  if (!denyAll) problems.push(`${name}: no NetworkPolicy restricts its ingress`);
  const rules = ingressRules(labels, objects);
  if (name === 'gateway') {
    if (!rules.some((r) => r.from === undefined)) problems.push('gateway: its public port must be reachable');
    return;
  }
  const peers = [GATEWAY_PEER, ...(CALLED_BY_BOT.has(name) ? [BOT_PEER] : [])].map((p) => JSON.stringify(p));
  for (const rule of rules) {
    const from = asList(rule.from);
    if (from.length === 0 || from.some((peer) => !peers.includes(JSON.stringify(peer)))) {
      problems.push(`${name}: a NetworkPolicy lets in traffic from elsewhere than the gateway`);
    }
  }
  if (rules.length === 0) problems.push(`${name}: no NetworkPolicy lets the gateway in on port ${port}`);
}

function checkGateway(
  objects: K8sObject[],
  built: ServiceSpec[],
  known: Set<string>,
  problems: string[],
): void {
  const deployment = find(objects, 'Deployment', 'gateway');
  const container = asEntry(asList(asEntry(asEntry(asEntry(deployment?.spec).template).spec).containers)[0]);
  const env = new Map((asList(container.env) as EnvVar[]).map((e) => [e.name, e.value]));
  for (const spec of built) {
    const variable = upstreamVariable(spec.name);
    const expected = `http://${spec.name}:${spec.port}`;
    if (env.get(variable) !== expected) {
      problems.push(`gateway: ${variable} must be ${expected}, found ${env.get(variable) ?? 'nothing'}`);
    }
  }
  for (const variable of env.keys()) {
    if (/^UPSTREAM_.+_URL$/.test(variable) && !built.some((s) => upstreamVariable(s.name) === variable)) {
      const service = [...known].find((s) => upstreamVariable(s) === variable);
      problems.push(
        service
          ? `gateway: ${variable} points at ${service}, which is not built`
          : `gateway: ${variable} names no service of system.ts`,
      );
    }
  }
  const egressPorts = objects
    .filter(
      (o) =>
        o.kind === 'NetworkPolicy' &&
        selects(asEntry(o.spec).podSelector, { 'app.kubernetes.io/name': 'gateway' }),
    )
    .flatMap((o) => asList(asEntry(o.spec).egress).map(asEntry))
    .filter((rule) => rule.to !== undefined)
    .flatMap((rule) => asList(rule.ports).map((p) => Number(asEntry(p).port)));
  for (const spec of built) {
    if (!egressPorts.includes(spec.port)) {
      problems.push(`gateway: its NetworkPolicy must let it reach ${spec.name} on ${spec.port}`);
    }
  }
  const ingresses = objects.filter((o) => o.kind === 'Ingress');
  const backends = ingresses.flatMap((o) => backendServices(o.spec));
  if (!backends.includes('gateway')) problems.push('gateway: no Ingress in front of it');
  for (const other of new Set(backends.filter((b) => b !== 'gateway'))) {
    problems.push(`an Ingress routes to ${other}: only the gateway is reachable from outside`);
  }
}

/** Names of the Services an Ingress spec routes to (default backend and every path). */
function backendServices(spec: unknown): string[] {
  const s = asEntry(spec);
  const backends = [
    asEntry(s.defaultBackend),
    ...asList(s.rules).flatMap((r) =>
      asList(asEntry(asEntry(r).http).paths).map((p) => asEntry(asEntry(p).backend)),
    ),
  ];
  return backends.map((b) => asEntry(b.service).name).filter((n): n is string => typeof n === 'string');
}

/**
 * Every way the rendered manifests differ from the system; empty when they match. `processes`
 * defaults to the gateway and the built services of system.ts with their config schemas.
 */
export function k8sProblems(
  objects: K8sObject[],
  options: {
    description?: Record<ServiceName, ServiceSpec>;
    processes?: ProcessEnvSpec[];
    secrets?: Set<string>;
  } = {},
): string[] {
  const description = options.description ?? system;
  const processes = options.processes ?? processEnvSpecs();
  const secrets = options.secrets ?? secretKeys();
  const problems: string[] = [];
  const specs = Object.values(description);
  const known = new Set<string>(specs.map((s) => s.name));
  const built = specs.filter((s) => s.built);

  const configMaps = objects.filter((o) => o.kind === 'ConfigMap' && isConfigMapName(o.metadata.name));
  if (configMaps.length !== 1) problems.push(`there must be one ConfigMap ${CONFIG_MAP}`);
  const configKeys = new Set(Object.keys(asEntry(configMaps[0]?.data)));
  for (const [key, value] of Object.entries(asEntry(configMaps[0]?.data))) {
    if (SECRET_VARIABLE.test(key))
      problems.push(`ConfigMap: ${key} belongs in the Secret (${String(value)})`);
  }
  if (objects.some((o) => o.kind === 'Secret')) {
    problems.push('a Secret is committed: the operator creates acg-secrets (secrets.env.example)');
  }

  for (const spec of built) {
    if (!processes.some((p) => p.name === spec.name) && !find(objects, 'Deployment', spec.name)) {
      problems.push(`${spec.name}: built service has no manifests`);
    }
  }
  for (const process of processes) checkProcess(process, objects, configKeys, secrets, problems);
  for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
    const name = deployment.metadata.name;
    if (name === 'gateway') continue;
    if (!known.has(name)) problems.push(`${name}: no such service in system.ts`);
    else if (!built.some((s) => s.name === name)) problems.push(`${name}: service is not built yet`);
  }
  checkGateway(objects, built, known, problems);
  return problems;
}
