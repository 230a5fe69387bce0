import { execFile } from 'node:child_process';
import { mkdir, readdir, realpath, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { DIST_DIR, WEB_ROOT } from './paths';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** Files whose modification time is compared with the build's (test files do not count). */
const isBuildInput = (name: string): boolean => !/\.test\.tsx?$/.test(name);

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return isBuildInput(path) ? info.mtimeMs : 0;
  let newest = info.mtimeMs; // a deleted file shows only as a newer directory
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry === 'test') continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** Time of the last complete build: both builds write their output last, so take the older. */
async function builtAt(distDir: string): Promise<number> {
  const outputs = [
    join(distDir, 'client', '.vite', 'manifest.json'),
    join(distDir, 'server', 'entry-server.js'),
  ];
  const times = await Promise.all(
    outputs.map((p) =>
      stat(p).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return Math.min(...times);
}

async function sourcesChangedAt(): Promise<number> {
  // The workspace packages the web bundles from source count too: @acg/contracts (code) and
  // @acg/i18n (code and the texts' files).
  const bundled = await Promise.all(
    ['contracts', 'i18n'].map((name) =>
      realpath(join(WEB_ROOT, 'node_modules', '@acg', name)).catch(() => null),
    ),
  );
  const inputs = [
    join(WEB_ROOT, 'src'),
    join(WEB_ROOT, 'vite.config.ts'),
    join(WEB_ROOT, 'package.json'),
    ...bundled.flatMap((dir) => (dir ? [join(dir, 'src')] : [])),
    ...(bundled[1] ? [join(bundled[1], 'locales')] : []),
  ];
  return Math.max(...(await Promise.all(inputs.map(newestMtime))));
}

export const isWebBuildFresh = async (distDir = DIST_DIR): Promise<boolean> => {
  const built = await builtAt(distDir);
  return built > 0 && built >= (await sourcesChangedAt());
};

const LOCK_STALE_MS = 5 * 60_000;

/** Several processes (the gateway, test workers) may start at once: one builds, the rest wait. */
async function withBuildLock<T>(distDir: string, work: () => Promise<T>): Promise<T> {
  await mkdir(distDir, { recursive: true });
  const lock = join(distDir, '.build-lock');
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/**
 * Runs the client and server builds (what `pnpm --filter @acg/web build` does) in a child
 * process: Vite takes the React build flavour from NODE_ENV, which in the calling process may
 * well be `development` or `test`, and a build must not change the caller's environment.
 */
export async function buildWeb(): Promise<void> {
  const vite = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  try {
    await run(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: WEB_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`web: the Vite build failed\n${stderr || stdout}`, { cause: error });
  }
}

let inFlight: Promise<boolean> | undefined;

/**
 * Builds web/dist when it is missing or older than the sources, so that starting the system
 * on a fresh clone just works. Resolves to whether a build ran.
 */
export function ensureWebBuilt(): Promise<boolean> {
  inFlight ??= (async () => {
    if (await isWebBuildFresh()) return false;
    return withBuildLock(DIST_DIR, async () => {
      if (await isWebBuildFresh()) return false; // another process built it meanwhile
      console.log('web: building the client and server bundles (web/dist is missing or out of date)…');
      await buildWeb();
      return true;
    });
  })().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}
