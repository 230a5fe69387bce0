import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '@acg/platform/testing';
import { type EmbeddedSystem, startEmbedded } from '../embedded';
import { isolated } from './sign-in';

/**
 * The whole system in this process for a system test: a fresh test database, a data folder of
 * its own, free ports, no rate limits, silent logs. `close` stops it and removes both.
 */
export async function startTestSystem(
  name: string,
): Promise<{ sys: EmbeddedSystem; close(): Promise<void> }> {
  const db = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), `acg-${name}-`));
  const sys = await startEmbedded({
    env: { ...process.env, DATABASE_URL: db.url, RATE_LIMIT_ENABLED: 'false', ...isolated() },
    dataDir,
    port: 0,
    ephemeralPorts: true,
    logLevel: 'silent',
  });
  return {
    sys,
    async close() {
      await sys.close();
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
