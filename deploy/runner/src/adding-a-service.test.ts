import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { builtServices, serviceNames, system } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { entryFile, serviceModules } from './services';

/**
 * docs/adding-a-service.md against the code: the places it names exist, every built service of
 * system.ts has the one shape it describes, and the runners' module list is exactly the built
 * services.
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');
const doc = read('docs/adding-a-service.md');
const built = builtServices();

/** The one line a main.ts holds (the gateway's names its module gatewayModule). */
const mainTs = (moduleName: string) =>
  `import { runService } from '@acg/platform';\nimport { ${moduleName} } from './module';\n\nawait runService(${moduleName});\n`;

describe('docs/adding-a-service.md', () => {
  // Repository paths written in backticks: `services/<name>/src/main.ts`, `docker-compose.yml`...
  const paths = [...doc.matchAll(/`([\w.<>/-]+\/[\w.<>/-]+|[\w-]+\.(?:yml|json|md))`/g)]
    .map((m) => m[1]!)
    // Paths inside the package (`src/start.ts`) are relative to services/<name>.
    .filter((p) => !p.startsWith('@') && !p.startsWith('./') && !p.startsWith('src/'));

  it('names the files a new service touches, in order', () => {
    const steps = [
      'packages/contracts/src/system.ts',
      'services/<name>/src/main.ts',
      'packages/contracts/src/routes.ts',
      'deploy/runner/src/services.ts',
      'docker-compose.yml',
      'Kubernetes',
      'deploy/k8s/base/<name>',
      'docs/architecture.md',
    ];
    const positions = steps.map((s) => doc.indexOf(s));
    expect(
      positions.every((p) => p >= 0),
      `missing: ${steps.filter((_, i) => positions[i]! < 0)}`,
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('names only paths that exist (for every built service where it says <name>)', () => {
    expect(paths.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const path of paths) {
      const concrete = path.includes('<name>') ? built.map((s) => path.replaceAll('<name>', s.name)) : [path];
      for (const p of concrete) if (!existsSync(join(repoRoot, p))) missing.push(p);
    }
    expect(missing).toEqual([]);
  });
});

describe('every built service has the one service shape', () => {
  it('the runners list a module for exactly the built services', () => {
    expect(Object.keys(serviceModules).sort()).toEqual(built.map((s) => s.name).sort());
  });

  it.each(built.map((s) => [s.name, s] as const))('%s', async (name, spec) => {
    const module = serviceModules[name]!;
    expect(module.name).toBe(name);
    // The package exports the module the runners run.
    const pkg = (await import(`@acg/${name}`)) as { serviceModule: unknown };
    expect(pkg.serviceModule).toBe(module);
    // A database exactly when system.ts says so, in the schema of the service's name.
    expect(module.database?.schema).toBe(spec.database ? name : undefined);
    if (module.database) expect(statSync(module.database.migrationsFolder).isDirectory()).toBe(true);
    // Its port's default is its system.ts port.
    const port = (module.configSchema.shape as Record<string, z.ZodType>).PORT;
    expect(z.object({ PORT: port! }).parse({}).PORT).toBe(spec.port);
    // main.ts is the single runService call, and the runners start it from there.
    expect(entryFile(name)).toBe(`services/${name}/src/main.ts`);
    expect(read(entryFile(name))).toBe(mainTs('serviceModule'));
  });

  it('the gateway starts the same way', () => {
    expect(read(entryFile('gateway'))).toBe(mainTs('gatewayModule'));
  });

  it('a service not built yet has no package to run', () => {
    for (const name of serviceNames.filter((n) => !system[n].built))
      expect(existsSync(join(repoRoot, 'services', name, 'src', 'main.ts')), name).toBe(false);
  });
});

describe('production code of a service', () => {
  /** Every source file of services/ that is no test and no test helper. */
  const productionFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name === 'test' || e.name === 'node_modules' ? [] : productionFiles(path);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
    });

  it('never imports the fakes nor the test and embedded-PostgreSQL helpers', () => {
    const files = readdirSync(join(repoRoot, 'services')).flatMap((s) =>
      productionFiles(join(repoRoot, 'services', s, 'src')),
    );
    expect(files.length).toBeGreaterThan(20);
    const offending = files.filter((f) =>
      /from '@acg\/(fakes|platform\/testing|platform\/embedded)'|import\('@acg\/fakes'\)/.test(
        readFileSync(f, 'utf8'),
      ),
    );
    expect(offending).toEqual([]);
  });
});
