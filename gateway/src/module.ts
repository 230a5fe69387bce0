import { defineService } from '@acg/platform';
import { createRenderer, ensureWebBuilt } from '@acg/web';
import { gatewayConfigSchema } from './config';
import { start } from './start';

/**
 * The gateway as a process of its own (runService, like every service): no database, and the
 * web client's production renderer (a fresh clone has no web build yet: built once rather than
 * fail). The embedded runner calls start() itself with the renderer it shares.
 */
export const gatewayModule = defineService({
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  async start(deps) {
    await ensureWebBuilt();
    return start({ ...deps, renderer: createRenderer({ mode: 'production' }) });
  },
});
