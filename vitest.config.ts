import { defineConfig } from 'vitest/config';

// One vitest run across the workspace: each package is a project (its own vitest.config.ts
// when it has one, e.g. web with jsdom). Browser tests live in e2e/ and run separately.
// Files that start their own PostgreSQL (initdb takes seconds on a busy 2-core machine) need
// generous hook timeouts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'gateway', 'web', 'deploy/runner'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
