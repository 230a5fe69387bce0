import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isProductionFile, measureFunctions } from './function-lengths';

describe('function lengths', () => {
  it('counts production files only: no tests, test helpers, benchmarks or declarations', () => {
    expect(isProductionFile('services/catalogue/src/start.ts')).toBe(true);
    expect(isProductionFile('web/src/App.tsx')).toBe(true);
    for (const path of [
      'services/catalogue/src/start.test.ts',
      'services/catalogue/src/test/harness.ts',
      'packages/platform/src/testing.ts',
      'packages/platform/src/db/testing/x.ts',
      'services/catalogue/bench/draw.ts',
      'e2e/home.e2e.test.ts',
      'web/src/vite-env.d.ts',
      'README.md',
    ])
      expect(isProductionFile(path), path).toBe(false);
  });

  it('measures a function from its first token to its last, by its own name', () => {
    const [self] = measureFunctions(['scripts/function-lengths.ts']).filter(
      (f) => f.name === 'measureFunctions',
    );
    expect(self).toMatchObject({ file: 'scripts/function-lengths.ts', lines: expect.any(Number) });
    const source = readFileSync(new URL('./function-lengths.ts', import.meta.url), 'utf8');
    const lines = source.split('\n');
    const start = lines.findIndex((l) => l.startsWith('export function measureFunctions('));
    const end = lines.findIndex((l, i) => i > start && l === '}');
    expect(self!.line).toBe(start + 1);
    expect(self!.lines).toBe(end - start + 1);
  });
});
