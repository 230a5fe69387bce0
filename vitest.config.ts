import { defineConfig } from 'vitest/config';

// One vitest run across the workspace: each package is a project (its own vitest.config.ts
// when it has one, e.g. web with jsdom). Browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'gateway', 'web', 'deploy/runner'],
  },
});
