import {
  channelCheckSchema,
  channelIdParamsSchema,
  relayRunListSchema,
  relayRunResultSchema,
  type SettingKey,
  settingAnswerSchema,
  settingKeys,
  settingSaveSchema,
} from '@acg/contracts';
import {
  AppError,
  auditEventFor,
  type Database,
  enqueue,
  type HttpServer,
  NotFoundError,
  type OutboxRelay,
  requireUser,
  text,
  UnavailableError,
  ValidationError,
} from '@acg/platform';
import { z } from 'zod';
import { outbox } from '../../db/schema';
import {
  auditValue,
  channelIdMessage,
  parseSettingValue,
  publicSetting,
  SETTING_DEFAULTS,
} from '../../domain/settings';
import type { DiscordClient } from '../../relay/discord';
import { UpstreamError } from '../../relay/http';
import type { Relay } from '../../relay/relay';
import type { RelayScheduler } from '../../relay/scheduler';
import { recentRuns } from '../../repository/relay';
import { findSetting, saveSetting } from '../../repository/settings';

export interface SettingsRoutesDeps {
  database: Database;
  outboxRelay: Pick<OutboxRelay, 'kick'>;
  discord: DiscordClient;
  relay: Relay;
  scheduler: () => RelayScheduler | null;
}

const RUNS_SHOWN = 20;

/** Discord's answer to a channel look-up, as the settings screen's check shows it. */
function channelCheckError(err: unknown): never {
  if (err instanceof UpstreamError) {
    if (err.status === 404 || err.code === 10003)
      throw new NotFoundError(text('admin.channelNotFound'), { id: err.code });
    if (err.status === 403 || err.status === 401)
      throw new AppError(409, 'conflict', text('admin.channelNoAccess'));
    if (err.status === 503 && !err.retryable) throw new UnavailableError(err.message);
    throw new AppError(502, 'bad_gateway', text('admin.channelCheckFailed'));
  }
  throw err;
}

/** Settings and the VK → Discord relay (requirements O2.7, O7); access (admin) from the route table. */
export function registerSettingsRoutes(app: HttpServer, deps: SettingsRoutesDeps): void {
  const { database } = deps;

  const readSchema = {
    params: z.object({ key: z.string().max(100) }),
    response: { 200: settingAnswerSchema },
  };
  app.get('/api/config/:key', { schema: readSchema }, async (req) => {
    const key = req.params.key as SettingKey;
    if (!settingKeys.includes(key))
      throw new NotFoundError(text('admin.unknownSetting', { key: req.params.key }));
    const row = await findSetting(database.db, key);
    return {
      ...publicSetting(key, row ? parseSettingValue(key, row.value) : SETTING_DEFAULTS[key]),
      description: row?.description ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  });

  const saveSchema = { body: settingSaveSchema, response: { 200: settingAnswerSchema } };
  app.post('/api/admin/config', { schema: saveSchema }, async (req) => {
    const userId = requireUser(req);
    const { key, description } = req.body;
    const value = parseSettingValue(key, req.body.value, req.identity.language);
    await database.transaction(async (tx) => {
      const previous = await findSetting(tx, key);
      await saveSetting(tx, key, value, description, userId);
      await enqueue(
        tx,
        outbox,
        auditEventFor(req, 'admin', {
          action: 'setting.updated',
          category: 'system',
          description: `Setting ${key} changed`,
          targetType: 'setting',
          targetId: key,
          before: auditValue(key, previous?.value ?? null),
          after: auditValue(key, value),
        }),
      );
    });
    deps.outboxRelay.kick();
    if (key === 'vk.schedule') await deps.scheduler()?.sync();
    return { ...publicSetting(key, value), description: description ?? null };
  });

  app.get(
    '/api/admin/discord/check-channel/:id',
    { schema: { params: z.object({ id: z.string() }), response: { 200: channelCheckSchema } } },
    async (req) => {
      // Checked here rather than by the route schema, so the answer's `error` (what the screen
      // shows) is the spec's message in the visitor's language, not 'Invalid request'.
      if (!channelIdParamsSchema.safeParse(req.params).success) {
        const message = channelIdMessage(req.identity.language);
        throw new ValidationError(message, { issues: [{ path: 'params/id', message }] });
      }
      try {
        const channel = await deps.discord.getChannel(req.params.id);
        return { name: channel.name, id: channel.id, guild_id: channel.guild_id ?? null };
      } catch (err) {
        channelCheckError(err);
      }
    },
  );

  /** Additive: the relay's recent runs for the settings screen. */
  app.get('/api/admin/vk/runs', { schema: { response: { 200: relayRunListSchema } } }, async () =>
    (await recentRuns(database.db, RUNS_SHOWN)).map((r) => ({
      id: r.id,
      trigger: r.trigger,
      startedAt: r.startedAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
      posted: r.posted,
      skipped: r.skipped,
      errors: r.errors,
    })),
  );

  /**
   * Additive: run the relay now (the settings screen's "run now"); 409 while another run holds
   * it. The run is the administrator's action, so it is audited with them as the actor (the
   * run's own record, when it posted or failed something, is the system's).
   */
  app.post('/api/admin/vk/run', { schema: { response: { 200: relayRunResultSchema } } }, async (req) => {
    const result = await deps.relay.runOnce('manual');
    if (!result) throw new AppError(409, 'conflict', text('admin.relayRunning'));
    await database.transaction((tx) =>
      enqueue(
        tx,
        outbox,
        auditEventFor(req, 'admin', {
          action: 'relay.run-requested',
          category: 'system',
          description: `Ran the VK → Discord relay now (run ${result.id}): posted ${result.posted}, skipped ${result.skipped}, errors ${result.errors.length}`,
          targetType: 'relay-run',
          targetId: String(result.id),
          after: { posted: result.posted, skipped: result.skipped, errors: result.errors.length },
        }),
      ),
    );
    deps.outboxRelay.kick();
    return result;
  });
}
