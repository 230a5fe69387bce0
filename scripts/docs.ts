/**
 * Docs that are true by construction: rewrites the marked regions of the docs from the code.
 *
 *   pnpm exec tsx scripts/docs.ts --write   rewrite every region in place
 *   pnpm exec tsx scripts/docs.ts           check only: exit 1 and name each region that differs
 *
 * A region is `<!-- generated:NAME -->` … `<!-- /generated -->` in one of DOC_FILES:
 * - `settings:common`, `settings:gateway`, `settings:<service>`: the variables of a process's
 *   config schema (name, default, meaning from the field's `.describe()`), in docs/running.md;
 * - `services`: the system table (packages/contracts/src/system.ts), each service's tables
 *   (its db/schema.ts) and the paths it owns in the route table, in docs/architecture.md;
 * - `messages`: every RPC subject and event of @acg/contracts with who serves or publishes it,
 *   who calls or consumes it (read from the processes' sources) and its payload fields.
 * scripts/docs.test.ts fails when a committed region differs from what this script writes.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import * as contracts from '../packages/contracts/src/index';
import { baseConfigSchema } from '../packages/platform/src/config';

export const repoRoot = resolve(import.meta.dirname, '..');
export const DOC_FILES = ['docs/running.md', 'docs/architecture.md'] as const;
export const WRITE_COMMAND = 'pnpm exec tsx scripts/docs.ts --write';

type Shape = Record<string, z.ZodType>;
interface ObjectSchema {
  shape: Shape;
}
const isObjectSchema = (v: unknown): v is ObjectSchema & z.ZodType =>
  typeof v === 'object' && v !== null && 'shape' in v && 'safeParse' in v;

// --- settings tables -------------------------------------------------------------------------

/** `a|b` would split a table cell. */
const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** What a variable is when unset: its default as the process sees it, `required`, or `—` (none). */
export function defaultOf(field: z.ZodType): string {
  const parsed = field.safeParse(undefined);
  if (!parsed.success) return 'required';
  const value: unknown = parsed.data;
  if (value === undefined) return '—';
  if (typeof value === 'boolean' || typeof value === 'number') return `\`${value}\``;
  if (typeof value === 'string') return value === '' ? '(empty)' : `\`${value}\``;
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : `\`${value.join(',')}\``;
  return `\`${JSON.stringify(value)}\``;
}

/** The table of a config schema's variables; adjacent rows saying the same thing are merged. */
export function settingsTable(shape: Shape): string {
  const rows: { names: string[]; def: string; meaning: string }[] = [];
  for (const [name, field] of Object.entries(shape)) {
    const meaning = field.description;
    if (!meaning) throw new Error(`${name} has no .describe() on its config schema`);
    const def = defaultOf(field);
    const last = rows.at(-1);
    if (last && last.def === def && last.meaning === meaning) last.names.push(name);
    else rows.push({ names: [name], def, meaning });
  }
  return [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows.map(
      (r) => `| ${r.names.map((n) => `\`${n}\``).join(', ')} | ${cell(r.def)} | ${cell(r.meaning)} |`,
    ),
  ].join('\n');
}

/** The variables a process adds to (or redefines from) the ones every process reads. */
export const ownVariables = (schema: ObjectSchema): Shape =>
  Object.fromEntries(
    Object.entries(schema.shape).filter(([name, field]) => baseConfigSchema.shape[name as never] !== field),
  );

async function configSchemaOf(dir: string): Promise<ObjectSchema> {
  const module: Record<string, unknown> = await import(join(repoRoot, dir, 'src', 'config.ts'));
  const schema = Object.values(module).find((v) => isObjectSchema(v) && v !== baseConfigSchema);
  if (!isObjectSchema(schema)) throw new Error(`${dir}/src/config.ts exports no config schema`);
  return schema;
}

const processDir = (process: string): string => (process === 'gateway' ? 'gateway' : `services/${process}`);

// --- the services table ----------------------------------------------------------------------

const DRIZZLE_NAME = Symbol.for('drizzle:Name');
/** Tables every service with a database has (packages/platform: outbox, idempotent consumer). */
const PLATFORM_TABLES = new Set(['outbox', 'processed_messages']);

async function tablesOf(service: string): Promise<string[]> {
  const module: Record<string, unknown> = await import(
    join(repoRoot, 'services', service, 'src', 'db', 'schema.ts')
  );
  return Object.values(module)
    .map((v) =>
      typeof v === 'object' && v !== null ? (v as Record<symbol, unknown>)[DRIZZLE_NAME] : undefined,
    )
    .filter((name): name is string => typeof name === 'string' && !PLATFORM_TABLES.has(name))
    .sort();
}

/** The paths a process owns in the route table, folded by their first two segments. */
export function pathSummary(paths: readonly string[]): string {
  const groups = new Map<string, Set<string>>();
  for (const path of paths) {
    const key = `/${path.split('/').slice(1, 3).join('/')}`;
    groups.set(key, (groups.get(key) ?? new Set()).add(path));
  }
  return [...groups]
    .map(([key, members]) => (members.size === 1 && members.has(key) ? key : `${key}*`))
    .map((p) => `\`${p}\``)
    .join(', ');
}

const INFRA_NAMES: Record<contracts.Infra, string> = { postgres: 'PostgreSQL', redis: 'Redis', nats: 'NATS' };

async function servicesTable(): Promise<string> {
  const routesOf = (owner: string) => contracts.routes.filter((r) => r.service === owner);
  const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const lines = [
    '| process | port | PostgreSQL schema: tables | needs (distributed) | status | routes it answers |',
    '|---|---|---|---|---|---|',
    row([
      'gateway',
      String(contracts.GATEWAY_PORT),
      'none',
      'Redis, NATS',
      'built',
      `every other path (proxied to its owner), the pages; itself: ${pathSummary(routesOf('gateway').map((r) => r.path))}`,
    ]),
  ];
  for (const name of contracts.serviceNames) {
    const spec = contracts.system[name];
    const tables = spec.database ? `\`${name}\`: ${(await tablesOf(name)).join(', ')}` : 'none';
    const owned = routesOf(name);
    lines.push(
      row([
        name,
        String(spec.port),
        tables,
        spec.needs.map((n) => INFRA_NAMES[n]).join(', '),
        spec.built ? 'built' : 'not built (its routes answer 503)',
        owned.length === 0 ? 'none (bus only)' : `${owned.length}: ${pathSummary(owned.map((r) => r.path))}`,
      ]),
    );
  }
  return lines.join('\n');
}

// --- the messages table ----------------------------------------------------------------------

const isEventDef = (v: unknown): v is contracts.EventDef =>
  typeof v === 'object' && v !== null && 'type' in v && 'version' in v && 'data' in v;
const isRpcDef = (v: unknown): v is contracts.RpcDef =>
  typeof v === 'object' && v !== null && 'subject' in v && 'request' in v && 'response' in v;

/** Source files of a folder that run in production: no tests, test helpers or benchmarks. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'test' && entry !== 'testing' && entry !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) out.push(path);
    }
  };
  walk(join(repoRoot, dir));
  return out.sort();
}

/** The code of a file without comments, imports and re-exports (a name there is no use). */
export function codeOf(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '$1')
    .replace(/^\s*(import|export)\s[^;]*?\sfrom\s+['"][^'"]+['"];?/gm, '')
    .replace(/^\s*import\s+['"][^'"]+['"];?/gm, '');
}

export interface Usage {
  /** Who serves an RPC or publishes an event. */
  producers: Set<string>;
  /** Who calls an RPC or consumes an event. */
  users: Set<string>;
}

export interface Contracts {
  /** Export name of each RPC and event definition. */
  defs: ReadonlyMap<string, { kind: 'rpc' | 'event'; name: string }>;
  /** Exported objects grouping event definitions (`tradeOutcomes`), with their members' export names. */
  groups: ReadonlyMap<string, readonly string[]>;
  /** Platform helpers that build an event (`auditEventFor` builds `auditRecorded`). */
  wrappers: ReadonlyMap<string, string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Every use of `name` as a value: not a property of something else, not after `typeof`. */
const usesOf = (code: string, name: string) =>
  [...code.matchAll(new RegExp(`(?<![.\\w$])(typeof\\s+)?${escapeRegExp(name)}\\b`, 'g'))].filter(
    (m) => !m[1],
  );

/**
 * Who uses each contract, read from a process's code (comments and imports removed).
 * An RPC is served by `serve(rpc` and called by any other use. An event is published by
 * `makeEvent(event` (or `makeEvent(group[`, or a platform helper wrapping it), or by writing its
 * envelope by hand (`event.version`); it is consumed by `event.type` and `event.data` (a consumer's
 * type list, parsing its data), by any other use, and by its type written as a string literal
 * in a process that does not publish it.
 */
export function usageOf(sources: ReadonlyMap<string, string>, contracts: Contracts): Map<string, Usage> {
  const usage = new Map(
    [...contracts.defs.keys()].map((name) => [
      name,
      { producers: new Set<string>(), users: new Set<string>() },
    ]),
  );
  for (const [process, code] of sources) {
    const groupsHere = [...contracts.groups].filter(
      ([group]) => !new RegExp(`\\b(const|let|var|function)\\s+${group}\\b`).test(code),
    );
    for (const [name, def] of contracts.defs) {
      const u = usage.get(name)!;
      if (def.kind === 'rpc') {
        const served = new RegExp(`\\bserve\\(\\s*${name}\\b`).test(code);
        if (served) u.producers.add(process);
        else if (usesOf(code, name).length > 0) u.users.add(process);
        continue;
      }
      const groups = groupsHere.filter(([, members]) => members.includes(name)).map(([g]) => g);
      const madeByHand = new RegExp(`(?<![.\\w$])${name}\\.version\\b`).test(code);
      const produces =
        madeByHand ||
        new RegExp(`\\bmakeEvent\\(\\s*${name}\\b`).test(code) ||
        groups.some((g) => new RegExp(`\\bmakeEvent\\(\\s*${g}\\[`).test(code)) ||
        [...contracts.wrappers].some(
          ([w, made]) => made === name && new RegExp(`(?<![.\\w$])${w}\\(`).test(code),
        );
      if (produces) u.producers.add(process);
      const consumingUse = (m: RegExpMatchArray, of: string) => {
        const before = code.slice(Math.max(0, m.index! - 20), m.index);
        const after = code.slice(m.index! + of.length, m.index! + of.length + 9);
        if (/makeEvent\(\s*$/.test(before) || /^\s*\[/.test(after)) return false;
        if (/^\.version\b/.test(after)) return false;
        return !(madeByHand && /^\.type\b/.test(after));
      };
      const consumes =
        usesOf(code, name).some((m) => consumingUse(m, name)) ||
        groups.some((g) => usesOf(code, g).some((m) => consumingUse(m, g))) ||
        // A producer's own string of the type is an audit action's name, not a subscription.
        (!produces && new RegExp(`['"\`]${escapeRegExp(def.name)}['"\`]`).test(code));
      if (consumes) u.users.add(process);
    }
  }
  for (const [name, def] of contracts.defs)
    if (def.kind === 'rpc') for (const p of usage.get(name)!.producers) usage.get(name)!.users.delete(p);
  return usage;
}

/** Platform helpers that build a contract's event: `export const auditEventFor = … makeEvent(auditRecorded`. */
export function eventWrappers(
  sources: readonly string[],
  defs: ReadonlyMap<string, unknown>,
): Map<string, string> {
  const wrappers = new Map<string, string>();
  for (const code of sources) {
    const chunks = code.split(/^export\s+(?:async\s+)?(?:const|function)\s+/m).slice(1);
    for (const chunk of chunks) {
      const wrapper = /^\w+/.exec(chunk)?.[0];
      const made = /\bmakeEvent\(\s*(\w+)\b/.exec(chunk)?.[1];
      if (wrapper && made && defs.has(made)) wrappers.set(wrapper, made);
    }
  }
  return wrappers;
}

/** Top-level fields of a payload schema (`name?` when optional). */
export function fieldsOf(schema: z.ZodType): string {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
      type?: string;
      properties?: Record<string, unknown>;
      required?: string[];
    };
    if (json.properties) {
      const required = new Set(json.required ?? []);
      const names = Object.keys(json.properties).map((k) => (required.has(k) ? k : `${k}?`));
      return names.length === 0 ? '(none)' : names.join(', ');
    }
    return json.type ?? 'any';
  } catch {
    return 'any';
  }
}

async function messagesTable(): Promise<string> {
  const defs = new Map<string, { kind: 'rpc' | 'event'; name: string }>();
  const groups = new Map<string, string[]>();
  const events: [string, contracts.EventDef][] = [];
  const rpcs: [string, contracts.RpcDef][] = [];
  const exports = Object.entries(contracts);
  for (const [name, value] of exports) {
    if (isEventDef(value)) {
      defs.set(name, { kind: 'event', name: value.type });
      events.push([name, value]);
    } else if (isRpcDef(value)) {
      defs.set(name, { kind: 'rpc', name: value.subject });
      rpcs.push([name, value]);
    }
  }
  for (const [name, value] of exports) {
    if (typeof value !== 'object' || value === null || isEventDef(value) || isRpcDef(value)) continue;
    const members = Object.values(value);
    if (members.length > 0 && members.every(isEventDef))
      groups.set(
        name,
        members.map((m) => events.find(([, e]) => e === m)?.[0]).filter((n) => n !== undefined),
      );
  }
  const read = (dir: string) => sourceFiles(dir).map((f) => codeOf(readFileSync(f, 'utf8')));
  const wrappers = eventWrappers(read('packages/platform/src'), defs);
  const processes = ['gateway', ...contracts.serviceNames];
  const sources = new Map(processes.map((p) => [p, read(`${processDir(p)}/src`).join('\n')]));
  const usage = usageOf(sources, { defs, groups, wrappers });
  const list = (set: Set<string>) =>
    set.size === 0 ? 'nobody' : processes.filter((p) => set.has(p)).join(', ');
  const lines = [
    '| kind | subject | served / published by | called / consumed by | payload fields |',
    '|---|---|---|---|---|',
  ];
  for (const [name, rpc] of rpcs.sort((a, b) => a[1].subject.localeCompare(b[1].subject))) {
    const u = usage.get(name)!;
    const payload = `${fieldsOf(rpc.request)} → ${fieldsOf(rpc.response)}`;
    lines.push(`| RPC | \`${rpc.subject}\` | ${list(u.producers)} | ${list(u.users)} | ${cell(payload)} |`);
  }
  for (const [name, event] of events.sort((a, b) => a[1].type.localeCompare(b[1].type))) {
    const u = usage.get(name)!;
    const subject = contracts.eventSubject(event.type);
    lines.push(
      `| event v${event.version} | \`${subject}\` | ${list(u.producers)} | ${list(u.users)} | ${cell(fieldsOf(event.data))} |`,
    );
  }
  return lines.join('\n');
}

// --- regions ---------------------------------------------------------------------------------

export type Generators = Map<string, () => Promise<string>>;

/** Every region name the docs may hold, with what writes it. */
export function generators(): Generators {
  const map: Generators = new Map();
  map.set('settings:common', async () => settingsTable(baseConfigSchema.shape as Shape));
  for (const process of ['gateway', ...contracts.serviceNames]) {
    map.set(`settings:${process}`, async () =>
      settingsTable(ownVariables(await configSchemaOf(processDir(process)))),
    );
  }
  map.set('services', servicesTable);
  map.set('messages', messagesTable);
  return map;
}

const REGION = /(<!-- generated:([\w:-]+) -->\n)([\s\S]*?)(<!-- \/generated -->)/g;

/** The text with every region rewritten, and the names of the regions it holds. */
export async function regenerate(text: string, gens: Generators): Promise<{ text: string; names: string[] }> {
  const names: string[] = [];
  const bodies = new Map<string, string>();
  for (const m of text.matchAll(REGION)) {
    const name = m[2]!;
    const gen = gens.get(name);
    if (!gen) throw new Error(`unknown generated region "${name}"`);
    if (names.includes(name)) throw new Error(`generated region "${name}" appears twice`);
    names.push(name);
    bodies.set(name, `${(await gen()).trimEnd()}\n`);
  }
  const opened = text.match(/<!-- generated:/g)?.length ?? 0;
  if (opened !== names.length) throw new Error('a generated region is not closed by <!-- /generated -->');
  return {
    text: text.replace(
      REGION,
      (_all, open: string, name: string, _old, close: string) => `${open}${bodies.get(name)}${close}`,
    ),
    names,
  };
}

/** Each doc file that differs from its regenerated self, and the regions no file holds. */
export async function check(
  root = repoRoot,
): Promise<{ stale: string[]; missing: string[]; updated: Map<string, string> }> {
  const gens = generators();
  const seen = new Set<string>();
  const stale: string[] = [];
  const updated = new Map<string, string>();
  for (const file of DOC_FILES) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const { text, names } = await regenerate(before, gens);
    for (const n of names) seen.add(n);
    if (text !== before) {
      stale.push(relative(root, path));
      updated.set(path, text);
    }
  }
  return { stale, missing: [...gens.keys()].filter((n) => !seen.has(n)), updated };
}

if (import.meta.main || process.argv[1] === import.meta.filename) {
  const { stale, missing, updated } = await check();
  if (process.argv.includes('--write')) {
    for (const [path, text] of updated) writeFileSync(path, text);
    for (const file of stale) console.log(`rewrote ${file}`);
  } else if (stale.length > 0) {
    console.error(`out of date: ${stale.join(', ')}; run ${WRITE_COMMAND}`);
    process.exitCode = 1;
  }
  if (missing.length > 0) {
    console.error(`no region in ${DOC_FILES.join(' or ')} for: ${missing.join(', ')}`);
    process.exitCode = 1;
  }
}
