import { join } from 'node:path';
import { GATEWAY_PORT, system } from '@acg/contracts';
import type { EmbeddedOptions } from './embedded';

/** The fake Shikimori's port with fixed ports (the distributed runner's fake uses it too). */
export const FAKE_SHIKIMORI_PORT = 4197;

/**
 * Where `npm start` puts a copy of the system, from its `PORT` (default 3000). The offset
 * PORT − 3000 moves every fixed port: the gateway on PORT, its probes on PORT + 1000, each service
 * on its system.ts port + offset (auth 4101 → 4201 for PORT=3100), the fake Shikimori on 4197 +
 * offset. The default copy keeps its data in `.data/`; another copy in `.data/port-<PORT>/`, so
 * the two never share an embedded PostgreSQL. Copies whose PORTs are less than 100 apart would
 * overlap their services' ports (4101–4108, 4197): keep them 100 apart (3000, 3100, 3200, ...).
 */
export function embeddedLayout(portText: string | undefined, dataRoot: string): EmbeddedOptions {
  const text = portText?.trim() ?? '';
  if (text === '') return { dataDir: dataRoot };
  const port = Number(text);
  const portOffset = port - GATEWAY_PORT;
  const fixed = [...Object.values(system).map((s) => s.port), FAKE_SHIKIMORI_PORT, GATEWAY_PORT + 1000];
  const lowest = Math.max(1, GATEWAY_PORT - Math.min(...fixed) + 1);
  const highest = GATEWAY_PORT + 65_535 - Math.max(...fixed);
  if (!/^\d+$/.test(text) || port < lowest || port > highest)
    throw new Error(
      `PORT must be a whole number from ${lowest} to ${highest} (every port of the system moves with it), got "${portText}"`,
    );
  return { port, portOffset, dataDir: portOffset === 0 ? dataRoot : join(dataRoot, `port-${port}`) };
}
