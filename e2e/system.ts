import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedSystem, startEmbedded } from '../deploy/runner/src/embedded';

/** The whole system as `npm start` runs it, on free ports and a throwaway data folder. */
export async function startSystem(
  env: Record<string, string> = {},
): Promise<EmbeddedSystem & { dispose(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'acg-e2e-'));
  const system = await startEmbedded({ dataDir, port: 0, ephemeralPorts: true, logLevel: 'warn', env });
  return Object.assign(system, {
    async dispose() {
      await system.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}
