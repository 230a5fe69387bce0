import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// One vitest run across the workspace: each package is a project. Browser tests live in e2e/ and
// run separately. Files that start their own PostgreSQL (initdb takes seconds on a busy 2-core
// machine) and system tests that start the whole system need generous timeouts.
const TIMEOUTS = { testTimeout: 30_000, hookTimeout: 60_000 };

// A package with its own vitest.config.ts (web: jsdom) is referenced by folder; Vitest does not
// let such a project inherit this file, so it sets the same timeouts itself. Every other package
// is an inline project, which inherits them.
const packages = [
  ...['packages', 'services'].flatMap((parent) => readdirSync(parent).map((name) => join(parent, name))),
  'gateway',
  'web',
  'deploy/runner',
].filter((dir) => existsSync(join(dir, 'package.json')));
const nameOf = (dir: string): string => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;

export default defineConfig({
  test: {
    ...TIMEOUTS,
    projects: [
      ...packages.map((dir) =>
        existsSync(join(dir, 'vitest.config.ts'))
          ? dir
          : { extends: true, test: { name: nameOf(dir), root: dir, include: ['**/*.test.{ts,tsx}'] } },
      ),
      // The repository's scripts (the docs generator, the citation rewriter) and their tests.
      { extends: true, test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
    ],
  },
});
