import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findUnused } from './unused-deps';

const ROOT = resolve(import.meta.dirname, '..');

describe('the workspace', () => {
  it('declares no dependency that nothing uses (or ALLOWED says why)', () => {
    expect(findUnused(ROOT), 'remove each, or add it to ALLOWED with its reason').toEqual([]);
  });
});

describe('findUnused', () => {
  const root = mkdtempSync(join(tmpdir(), 'unused-deps-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('lists what no file, config or script of its package names', () => {
    write('pnpm-workspace.yaml', 'packages:\n  - services/*\nonlyBuiltDependencies:\n  - sharp\n');
    write('package.json', JSON.stringify({ devDependencies: { vitest: '1', typescript: '1' } }));
    write('vitest.config.ts', "import { defineConfig } from 'vitest/config';\n");
    write(
      'services/a/package.json',
      JSON.stringify({
        scripts: { migrate: 'drizzle-kit migrate', start: 'pino-it run' },
        dependencies: { zod: '4', 'p-retry': '9', '@acg/contracts': '*', 'pino-it': '1', sharp: '1' },
        devDependencies: { '@types/pg': '8', 'drizzle-kit': '1' },
      }),
    );
    write('services/a/src/index.ts', "import { z } from 'zod';\nimport '@acg/contracts/events';\n");
    // Named only in another package: still unused here.
    write('services/b/package.json', JSON.stringify({ dependencies: { zod: '4' } }));
    write('services/b/src/index.ts', "const text = 'zod is a library';\n");
    // A word inside a string is not the module: only a whole quoted name is.
    write('services/a/src/notes.ts', "const note = 'p-retry-ish, sharp-ened';\n");
    expect(findUnused(root)).toEqual([
      { pkg: 'services/a', dep: 'p-retry' },
      { pkg: 'services/a', dep: 'sharp' },
      { pkg: 'services/b', dep: 'zod' },
    ]);
  });
});
