/**
 * Load generation with wrk (a C load generator: autocannon turns binary bodies into strings,
 * which costs its own process more than the server it measures). Installed with apt-get when
 * missing and running as root; else the bench stops with a message.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadResult {
  rps: number;
  p50ms: number;
  p99ms: number;
  /** Socket errors, timeouts and answers other than 2xx/3xx. */
  errors: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** Paths requested in turn (each connection walks the list); default: the URL's own. */
  paths?: string[];
  /**
   * A new path per request: a Lua expression of `i` (1, 2, ...), e.g. `"/img?v=" .. i`; every
   * request then misses any cache keyed by the URL.
   */
  uniquePath?: string;
  connections: number;
  durationSeconds: number;
}

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

/** Installs a Debian package when missing (as root), else explains what to install. */
export function ensureDebianPackage(pkg: string, present: () => boolean): void {
  if (present()) return;
  if (process.getuid?.() !== 0) throw new Error(`${pkg} is not installed: apt-get install -y ${pkg}`);
  console.log(`(installing ${pkg} with apt-get)`);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'ignore' });
  if (!present()) throw new Error(`${pkg} could not be installed`);
}

export const ensureWrk = () => ensureDebianPackage('wrk', () => has('wrk'));

const toMs = (value: string, unit: string) =>
  Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as Record<string, number>)[unit]!;

/** The Lua script that sets headers and, for several paths, walks them in turn. */
function script(o: LoadOptions): string {
  const headers = Object.entries(o.headers ?? {})
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join('\n');
  if (o.uniquePath)
    return `${headers}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", ${o.uniquePath})
end
`;
  if (!o.paths || o.paths.length < 2) return headers;
  return `${headers}
local paths = { ${o.paths.map((p) => JSON.stringify(p)).join(', ')} }
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
`;
}

/** One wrk run (one thread: the machine's other core is the server's; a 30 s request timeout). */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'acg-wrk-'));
  const lua = join(dir, 'run.lua');
  writeFileSync(lua, script(o));
  const args = [
    '-t1',
    `-c${o.connections}`,
    `-d${o.durationSeconds}s`,
    '--timeout',
    '30s',
    '--latency',
    '-s',
    lua,
    o.url,
  ];
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}\n${text}`)),
    );
  });
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
  const latency = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)`, 'm').exec(out);
    return m ? toMs(m[1]!, m[2]!) : Number.NaN;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors =
    (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) +
    num(/Non-2xx or 3xx responses: (\d+)/);
  return { rps: num(/Requests\/sec:\s+([\d.]+)/), p50ms: latency('50'), p99ms: latency('99'), errors };
}
