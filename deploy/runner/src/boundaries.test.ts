import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

/**
 * The package boundaries of architecture §3, read from the source itself so they cannot drift:
 * every import of every .ts file is parsed (a real parser: type-only, re-export and dynamic
 * imports count too), resolved to the workspace package it lands in, and checked.
 * - a service never imports another service, the gateway or the runner;
 * - the gateway never imports a service;
 * - production code of a service (not a test, not test support under test/ or testing/) never
 *   imports the third-party fakes;
 * - no service or shared package imports the web client (translations are @acg/i18n's); the
 *   gateway and the runner import only its render entry, `@acg/web` itself.
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

interface WorkspacePackage {
  name: string;
  dir: string;
}

function workspacePackages(): WorkspacePackage[] {
  const dirs = ['gateway', 'web', 'deploy/runner'];
  for (const parent of ['services', 'packages']) {
    for (const entry of readdirSync(join(repoRoot, parent))) {
      if (statSync(join(repoRoot, parent, entry)).isDirectory()) dirs.push(`${parent}/${entry}`);
    }
  }
  return dirs.map((dir) => ({
    dir,
    name: JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')).name as string,
  }));
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(path));
    else if (/\.(c|m)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module specifier a file names: static imports, re-exports, string-literal dynamic imports. */
export function specifiersOf(file: string, source: string): string[] {
  const parsed = parseSync(file, source);
  if (parsed.errors.length > 0) {
    throw new Error(`${file}: cannot parse: ${parsed.errors.map((e) => e.message).join('; ')}`);
  }
  const found = parsed.module.staticImports.map((i) => i.moduleRequest.value);
  for (const e of parsed.module.staticExports) {
    for (const entry of e.entries) if (entry.moduleRequest) found.push(entry.moduleRequest.value);
  }
  for (const d of parsed.module.dynamicImports) {
    const literal = /^\s*(['"`])([^'"`$]+)\1\s*$/.exec(
      source.slice(d.moduleRequest.start, d.moduleRequest.end),
    );
    if (literal?.[2]) found.push(literal[2]);
  }
  return found;
}

const packages = workspacePackages();
const byName = new Map(packages.map((p) => [p.name, p]));

/** The workspace package an import lands in (by package name or by a relative path), if any. */
function targetOf(file: string, specifier: string): WorkspacePackage | undefined {
  if (specifier.startsWith('.')) {
    const target = relative(repoRoot, resolve(dirname(file), specifier))
      .split(sep)
      .join('/');
    return packages.find((p) => target === p.dir || target.startsWith(`${p.dir}/`));
  }
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : (specifier.split('/')[0] ?? specifier);
  return byName.get(name);
}

/** Tests, their helpers, and benchmarks (dev tooling: never in a runtime tree, see build-runtime-tree.sh). */
const isTestSupport = (path: string): boolean =>
  /\.test\.tsx?$/.test(path) || /(^|\/)(test|testing|__fixtures__|bench)\//.test(path);

interface Import {
  file: string;
  specifier: string;
  from: WorkspacePackage;
  to: WorkspacePackage;
}

function importsOf(pkg: WorkspacePackage): Import[] {
  const out: Import[] = [];
  for (const file of tsFiles(join(repoRoot, pkg.dir))) {
    for (const specifier of specifiersOf(file, readFileSync(file, 'utf8'))) {
      const to = targetOf(file, specifier);
      if (to && to !== pkg)
        out.push({ file: relative(repoRoot, file).split(sep).join('/'), specifier, from: pkg, to });
    }
  }
  return out;
}

const services = packages.filter((p) => p.dir.startsWith('services/'));
const gateway = packages.find((p) => p.dir === 'gateway')!;
const runner = packages.find((p) => p.dir === 'deploy/runner')!;
const web = packages.find((p) => p.dir === 'web')!;
const shared = packages.filter((p) => p.dir.startsWith('packages/'));
const describeImport = (i: Import) => `${i.file} imports ${i.specifier}`;

describe('package boundaries', () => {
  it('finds the workspace packages and parses imports of every kind', () => {
    expect(services.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        '@acg/auth',
        '@acg/catalogue',
        '@acg/inventory',
        '@acg/image-proxy',
        '@acg/bot',
      ]),
    );
    expect(
      specifiersOf(
        'x.ts',
        "import type { A } from '@acg/a'; export * from './b'; const c = await import('@acg/c');",
      ),
    ).toEqual(['@acg/a', './b', '@acg/c']);
    // A relative path into another package is an import of that package.
    expect(targetOf(join(repoRoot, 'services/auth/src/x.ts'), '../../catalogue/src/y')?.name).toBe(
      '@acg/catalogue',
    );
  });

  it('no service imports another service, the gateway or the runner', () => {
    const forbidden = new Set([...services, gateway, runner]);
    const violations = services.flatMap(importsOf).filter((i) => forbidden.has(i.to));
    expect(violations.map(describeImport)).toEqual([]);
  });

  it('the gateway imports no service', () => {
    const violations = importsOf(gateway).filter((i) => services.includes(i.to));
    expect(violations.map(describeImport)).toEqual([]);
  });

  it('no service or shared package imports the web client', () => {
    expect(shared.map((p) => p.name)).toEqual(expect.arrayContaining(['@acg/contracts', '@acg/i18n']));
    const violations = [...services, ...shared].flatMap(importsOf).filter((i) => i.to === web);
    expect(violations.map(describeImport)).toEqual([]);
  });

  it("the gateway and the runner import only the web client's render entry", () => {
    const imports = [gateway, runner].flatMap(importsOf).filter((i) => i.to === web);
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((i) => i.specifier !== '@acg/web').map(describeImport)).toEqual([]);
  });

  it("no service's production code imports the fakes", () => {
    const violations = services
      .flatMap(importsOf)
      .filter((i) => i.to.name === '@acg/fakes' && !isTestSupport(i.file));
    expect(violations.map(describeImport)).toEqual([]);
  });
});
