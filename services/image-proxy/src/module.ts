import { defineService } from '@acg/platform';
import { imageProxyConfigSchema } from './config';
import { SERVICE, start } from './start';

/** The image proxy, as the runners run it (see @acg/platform's ServiceModule). No database. */
export const serviceModule = defineService({ name: SERVICE, configSchema: imageProxyConfigSchema, start });
