import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Exactly-once effects (issue 23, rules §48): every durable consumer of a service or the gateway
 * applies events through the platform's idempotent consumer (startIdempotentConsumer: the
 * message id recorded in the handler's own transaction), never through bus.consume directly,
 * save the exceptions rules §48 names and justifies.
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
/** Consumers without a database of their own (rules §48): their guard is named there. */
const EXCEPTIONS = new Set(['services/bot/src/trades/notify.ts', 'services/bot/src/wishes/notify.ts']);

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'bench', 'test', 'testing'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...productionFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

describe('durable consumers', () => {
  const roots = [
    ...readdirSync(join(repoRoot, 'services')).map((s) => join(repoRoot, 'services', s, 'src')),
    join(repoRoot, 'gateway', 'src'),
  ];
  const files = roots.flatMap(productionFiles).map((f) => ({
    path: relative(repoRoot, f),
    text: readFileSync(f, 'utf8'),
  }));

  it('go through startIdempotentConsumer, save the named exceptions', () => {
    const direct = files.filter((f) => /\.consume\(\s*\{/.test(f.text)).map((f) => f.path);
    expect(direct.sort()).toEqual([...EXCEPTIONS].sort());
  });

  it('exist: the idempotent consumers the services run are found', () => {
    const idempotent = files.filter((f) => f.text.includes('startIdempotentConsumer(')).map((f) => f.path);
    expect(idempotent.sort()).toEqual([
      'services/admin/src/consumers/audit.ts',
      'services/inventory/src/consumers/read-models.ts',
      'services/inventory/src/consumers/wish-alerts.ts',
    ]);
  });
});
