import { defineConfig } from 'vitest/config';

// Each test file starts its own database (embedded PostgreSQL without DATABASE_URL), which can
// take a few seconds when the whole workspace runs at once.
export default defineConfig({
  test: {
    name: '@acg/auth',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
