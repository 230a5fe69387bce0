import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

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
    expect(dockerfile).toContain('pnpm --filter @acg/web build');
  });

  it('runs as the unprivileged node user with tini signalling the process group', () => {
    const users = finalStage.filter((l) => /^USER /i.test(l));
    expect(users.at(-1)).toBe('USER node');
    expect(finalStage.join('\n')).toContain('ENTRYPOINT ["/usr/bin/tini", "-g", "--"]');
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
