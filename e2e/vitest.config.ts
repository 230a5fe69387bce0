import { defineConfig } from 'vitest/config';

// Browser tests: the whole system started as a user starts it, driven by Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
