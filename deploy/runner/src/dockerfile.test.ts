import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUNTIME_MEMORY_ENV, withMemoryOptions } from './distributed';

/**
 * deploy/Dockerfile cannot be built on the machines that run these tests (no container engine),
 * so the properties we rely on are checked by reading it.
 */
const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const dockerfile = read('deploy/Dockerfile');
const ignore = read('deploy/Dockerfile.dockerignore')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));

/** Instructions with line continuations joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages = instructions.filter((l) => /^FROM /i.test(l));
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1) ?? ''));
const buildScript = read('deploy/build-runtime-tree.sh');
const packageManager = JSON.parse(read('package.json')).packageManager as string;

describe('deploy/Dockerfile', () => {
  it('builds every stage on node:24-slim or an earlier stage', () => {
    const names = new Set<string>();
    for (const from of stages) {
      const [, image, , name] = from.split(/\s+/);
      expect(image === 'node:24-slim' || names.has(image ?? ''), from).toBe(true);
      if (name) names.add(name);
    }
  });

  it("installs the packageManager's pnpm with npm and the workspace from the lockfile", () => {
    expect(packageManager).toMatch(/^pnpm@10\./);
    expect(dockerfile).toContain(`npm install --global ${packageManager}`);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile/);
  });

  it('builds the runtime trees (and the web client) with the script that builds them without an engine', () => {
    expect(instructions).toContain('RUN sh deploy/build-runtime-tree.sh /runtime');
    expect(buildScript).toContain('pnpm --filter @acg/web build');
    expect(buildScript).toContain('pnpm install --prod');
  });

  it('runs as the unprivileged node user with tini as PID 1', () => {
    const users = finalStage.filter((l) => /^USER /i.test(l));
    expect(users.at(-1)).toBe('USER node');
    expect(finalStage.join('\n')).toContain('ENTRYPOINT ["/usr/bin/tini", "--"]');
    expect(finalStage.join('\n')).toMatch(/apt-get install .*\btini\b/);
  });

  it('starts from a clean base in the runtime stage and copies only the runtime trees into it', () => {
    expect(finalStage[0]).toMatch(/^FROM node:24-slim AS runtime$/);
    const copies = finalStage.filter((l) => /^(COPY|ADD) /i.test(l));
    expect(copies).toEqual(['COPY --from=build /runtime /app']);
  });

  it('runs compiled JavaScript with node: no pnpm, tsx or TypeScript at run time', () => {
    const entry = finalStage.filter((l) => /^(CMD|ENTRYPOINT) /i.test(l)).join('\n');
    expect(entry).toContain('CMD ["node", "gateway/main.mjs"]');
    expect(entry).not.toMatch(/pnpm|tsx|\.ts"/);
    // npm and corepack are removed from the runtime image: nothing installs at run time.
    expect(finalStage.join('\n')).toMatch(/rm -rf \/usr\/local\/lib\/node_modules /);
    expect(finalStage.join('\n')).not.toMatch(/\b(npm|pnpm) (install|add|i) /);
  });

  it('tells the gateway where its prebuilt client is, so it never builds one at start', () => {
    expect(finalStage).toContain('ENV WEB_DIST_DIR=/app/gateway/web/dist');
  });

  it('runs every process with the memory settings the distributed runner and the benches use (rules §42)', () => {
    const env = finalStage.filter((l) => /^ENV /i.test(l)).join(' ');
    const value = (key: string) => env.match(new RegExp(`${key}=("[^"]*"|\\S+)`))?.[1]?.replace(/^"|"$/g, '');
    expect(value('NODE_OPTIONS')).toBe(RUNTIME_MEMORY_ENV.NODE_OPTIONS);
    expect(value('MALLOC_ARENA_MAX')).toBe(RUNTIME_MEMORY_ENV.MALLOC_ARENA_MAX);
  });

  it('adds to given NODE_OPTIONS only the memory flags they do not set themselves', () => {
    expect(withMemoryOptions(undefined)).toBe(RUNTIME_MEMORY_ENV.NODE_OPTIONS);
    expect(withMemoryOptions('--max-old-space-size=96 --enable-source-maps')).toBe(
      '--max-old-space-size=96 --enable-source-maps --max-semi-space-size=2',
    );
  });

  it('writes nowhere but /tmp: no VOLUME, no writable working directory made for the user', () => {
    expect(finalStage.some((l) => /^VOLUME /i.test(l))).toBe(false);
    expect(finalStage.join('\n')).not.toMatch(/chown|chmod/);
  });

  it('bakes in no secret', () => {
    for (const line of instructions.filter((l) => /^(ENV|ARG) /i.test(l))) {
      expect(line).not.toMatch(/SECRET|PASSWORD|TOKEN|KEY/i);
    }
  });

  it('keeps local installs, data and env files out of the build context', () => {
    for (const pattern of [
      '**/node_modules',
      '**/.data',
      '**/.env',
      '**/.env.*',
      'deploy/compose.env',
      '.git',
    ]) {
      expect(ignore).toContain(pattern);
    }
  });
});
