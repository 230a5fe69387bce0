import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceInfra } from '@acg/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayModule } from './module';

/** The production image names its prebuilt client in WEB_DIST_DIR: the gateway must never build one. */
describe('gatewayModule with WEB_DIST_DIR', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('loads only the named build: a missing one fails the start, nothing is built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'acg-web-dist-'));
    dirs.push(dir);
    const configured = gatewayModule.configure({ INTERNAL_SECRET: 'x'.repeat(32), WEB_DIST_DIR: dir });
    // The renderer reads the build's manifest before the gateway touches any infrastructure.
    await expect(configured.start({} as ServiceInfra)).rejects.toThrow(
      `web: no client build at ${join(dir, 'client', '.vite', 'manifest.json')}`,
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
