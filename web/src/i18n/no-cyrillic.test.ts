import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every word the interface shows comes from the locale files (en.json, ru.json), so the en
 * interface never shows Russian. Source files under web/src hold no Cyrillic at all; tests may
 * (they assert the Russian texts).
 */
const SRC = join(import.meta.dirname, '..');
const CYRILLIC = /[\u0400-\u04FF]/;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('source files', () => {
  it('contain no Cyrillic text outside the locale files', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(20);
    const offending = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => CYRILLIC.test(line))
        .map(([line, n]) => `${relative(SRC, file)}:${n}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
