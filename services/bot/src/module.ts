import { defineService } from '@acg/platform';
import { botConfigSchema } from './config';
import { SERVICE, start } from './start';

/** The bot, as the runners run it (see @acg/platform's ServiceModule). No database. */
export const serviceModule = defineService({ name: SERVICE, configSchema: botConfigSchema, start });
