import { i18nLanguages, i18nServerTexts } from '@acg/contracts';
import { bundledTranslationFiles } from '@acg/i18n/bundled';
import { type RunningService, type ServiceDeps, serviceDatabase, startDatabaseService } from '@acg/platform';
import type { AdminConfig } from './config';
import { startAuditConsumers } from './consumers/audit';
import * as tables from './db/schema';
import { createDiscordClient } from './relay/discord';
import type { RetryPolicy } from './relay/http';
import { createRelay } from './relay/relay';
import { type RelayScheduler, startRelayScheduler } from './relay/scheduler';
import { createVkClient } from './relay/vk';
import { readRelaySettings } from './repository/settings';
import { changedServerTexts, selectableLanguages } from './repository/translations';
import { registerCacheRoutes } from './routes/cache/cache';
import { registerI18nRoutes } from './routes/i18n/i18n';
import { registerLogRoutes } from './routes/logs/logs';
import { registerNewsRoutes } from './routes/news/news';
import { registerSettingsRoutes } from './routes/settings/settings';
import { seedTranslations } from './seed';

export const SERVICE = 'admin';

/** Admin's database: its own schema, its migrations and drizzle tables. */
export const adminDatabase = serviceDatabase(SERVICE, import.meta.dirname, tables);

export async function start(deps: ServiceDeps<AdminConfig>): Promise<RunningService> {
  const { config, bus, logger, cache } = deps;
  const policy: RetryPolicy = {
    retries: config.RELAY_RETRIES,
    minTimeoutMs: config.RELAY_BACKOFF_MS,
    maxTimeoutMs: 30_000,
    timeoutMs: config.RELAY_HTTP_TIMEOUT_MS,
  };
  return startDatabaseService(SERVICE, deps, tables.outbox, async (app, { database, relay: outboxRelay }) => {
    if (config.SEED_TRANSLATIONS)
      await seedTranslations(database, bundledTranslationFiles, { cache, logger });
    const discord = createDiscordClient({
      baseUrl: config.DISCORD_API_BASE_URL,
      token: config.DISCORD_BOT_TOKEN,
      policy,
    });
    const vk = createVkClient({ baseUrl: config.VK_API_BASE_URL, version: config.VK_API_VERSION, policy });
    const relay = createRelay({
      database,
      vk,
      discord,
      outboxRelay,
      logger,
      language: config.RELAY_LANGUAGE,
    });
    let scheduler: RelayScheduler | null = null;
    registerLogRoutes(app, { database, timeZone: config.AUDIT_TIME_ZONE });
    registerNewsRoutes(app, { database, outboxRelay, publicUrl: config.PUBLIC_URL });
    registerI18nRoutes(app, { database, cache, outboxRelay });
    registerCacheRoutes(app, { bus, database, outboxRelay });
    registerSettingsRoutes(app, { database, outboxRelay, discord, relay, scheduler: () => scheduler });
    const consumers = await startAuditConsumers(bus, database);
    const languages = bus.serve(i18nLanguages, async () => ({
      languages: await selectableLanguages(database.db),
    }));
    const serverTexts = bus.serve(i18nServerTexts, async () => ({
      languages: await changedServerTexts(database.db),
    }));
    if (config.RELAY_ENABLED)
      scheduler = await startRelayScheduler({
        relay,
        readSchedule: async () => (await readRelaySettings(database.db))['vk.schedule'],
        pollMs: config.RELAY_SETTINGS_POLL_SECONDS * 1000,
        logger,
      });
    return [
      async () => scheduler?.stop(),
      () => outboxRelay.stop(),
      ...consumers.map((s) => () => s.stop()),
      () => languages.stop(),
      () => serverTexts.stop(),
    ];
  });
}
