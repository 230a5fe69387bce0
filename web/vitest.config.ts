import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests run in jsdom; the SSR test switches itself to node with a docblock.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // As the root config's other projects (vitest.config.ts at the top).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
