/**
 * Where a process's CPU time went, from a V8 .cpuprofile (node --cpu-prof): self time by
 * function and by package (node_modules/<package>, node: internals, our own workspace files),
 * and total (inclusive) time of the workspace's own functions.
 *
 *   pnpm exec tsx gateway/bench/profile-summary.ts <file.cpuprofile> [--top 25] [--callers text]
 *
 * --callers prints the heaviest call stacks (our own and library frames) leading to the
 * functions whose label contains the text.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, callers: { type: 'string' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--top 25]');
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** The package a script belongs to: node_modules/<name>, node:<internal>, or a workspace path. */
function packageOf(url: string): string {
  if (!url) return '(native/gc/idle)';
  if (url.startsWith('node:')) return 'node (internals)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const workspace = url.match(/\/(gateway|packages\/[^/]+|services\/[^/]+)\//);
  return workspace ? `(ours) ${workspace[1]}` : url.replace(/^file:\/\//, '');
}

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Module loading (start-up, with tsx compiling) is left out: the bench measures requests. */
const loading = new Set<number>();
const isLoading = (id: number): boolean => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    if (loading.has(at) || byId.get(at)!.callFrame.url.startsWith('node:internal/modules/')) return true;
  }
  return false;
};
for (const n of profile.nodes) if (isLoading(n.id)) loading.add(n.id);
const selfUs = new Map<number, number>();
let loadingUs = 0;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  if (loading.has(id)) loadingUs += us;
  else selfUs.set(id, (selfUs.get(id) ?? 0) + us);
});
const totalUs = profile.endTime - profile.startTime;

const label = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*\/(node_modules|wt\/[^/]+)\//, '')}:${f.lineNumber + 1}` : ''}`.trim();

const fnSelf = new Map<string, number>();
const pkgSelf = new Map<string, number>();
/** Inclusive time of our own functions: a sample counts once for each distinct one on its stack. */
const ownTotal = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const f = node.callFrame;
  const key = label(f);
  fnSelf.set(key, (fnSelf.get(key) ?? 0) + us);
  if (f.functionName === '(idle)') continue;
  const pkg = f.url ? packageOf(f.url) : f.functionName.startsWith('(') ? f.functionName : '(native)';
  pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + us);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)!.callFrame;
    if (!packageOf(frame.url).startsWith('(ours)')) continue;
    const k = label(frame);
    if (seen.has(k)) continue;
    seen.add(k);
    ownTotal.set(k, (ownTotal.get(k) ?? 0) + us);
  }
}

const busy = [...selfUs].reduce(
  (sum, [id, us]) => (byId.get(id)!.callFrame.functionName === '(idle)' ? sum : sum + us),
  0,
);
console.log(`module loading left out: ${(loadingUs / 1000).toFixed(0)} ms`);
const pct = (us: number, of = busy) => `${((100 * us) / of).toFixed(1)}%`;
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}\n`);
  console.log('| share of busy time | ms | entry |');
  console.log('|---:|---:|---|');
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${pct(us)} | ${(us / 1000).toFixed(0)} | ${name.replaceAll('|', '\\|')} |`);
  }
};

console.log(
  `${file}: ${(totalUs / 1e6).toFixed(1)} s profiled, busy ${pct(busy, totalUs)} of it (${(busy / 1e6).toFixed(1)} s)`,
);
print('Self time by package', pkgSelf);
print('Self time by function', fnSelf);
print('Total time of our own functions', ownTotal);

if (values.callers) {
  const stacks = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      frames.push(label(byId.get(at)!.callFrame));
    }
    const hit = frames.findIndex((f) => f.includes(values.callers!));
    if (hit < 0) continue;
    const key = frames.slice(hit, hit + 8).join('\n    <- ');
    stacks.set(key, (stacks.get(key) ?? 0) + us);
  }
  console.log(`\nStacks through "${values.callers}"\n`);
  for (const [stack, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`${pct(us)} ${stack}\n`);
  }
}
