import { defineService } from '@acg/platform';
import { createRenderer, ensureWebBuilt } from '@acg/web';
import { gatewayConfigSchema } from './config';
import { start } from './start';

/**
 * The gateway as a process of its own (runService, like every service): no database, and the
 * web client's production renderer. The production image names its prebuilt client in
 * WEB_DIST_DIR and nothing is ever built at start; from the sources (a fresh clone has no web
 * build yet) web/dist is built once rather than fail. The embedded runner calls start() itself
 * with the renderer it shares.
 */
export const gatewayModule = defineService({
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  async start(deps) {
    const distDir = deps.config.WEB_DIST_DIR;
    if (distDir === undefined) await ensureWebBuilt();
    return start({ ...deps, renderer: createRenderer({ mode: 'production', distDir }) });
  },
});
