// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));
/** The browser's own source files (not tests, not the server side of the renderer). */
function browserSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : browserSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
// The server-side files of the web package: they run in Node, never in the browser.
const SERVER_SIDE = new Set(['server.ts', 'build.ts', 'index.ts', 'paths.ts', 'document/manifest.ts']);

describe('the contracts in the browser bundle', () => {
  it('are imported as types only, so zod classic and the schemas never reach the browser', () => {
    const valueImports = browserSources(SRC)
      .filter((file) => !SERVER_SIDE.has(relative(SRC, file)))
      .filter((file) => /^import\s+(?!type\b)[^;]*from\s+'@acg\/contracts'/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(valueImports).toEqual([]);
  });
});
