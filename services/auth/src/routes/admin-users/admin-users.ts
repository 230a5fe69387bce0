import {
  adminLevelBodySchema,
  adminLevelResultSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUsersQuerySchema,
  id,
  TOTAL_COUNT_HEADER,
  USERS_TOTAL_HEADER,
  userLevelChanged,
  userUpdated,
} from '@acg/contracts';
import { t } from '@acg/i18n/server';
import {
  AuthorizationError,
  auditEventFor,
  enqueue,
  type HttpServer,
  makeEvent,
  NotFoundError,
  requireUser,
  type ServerText,
  type Tx,
  text,
} from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../../context';
import { outbox } from '../../db/schema';
import { isDeveloper, type LevelChangeRefusal, levelChangeRefusal } from '../../domain/admin-level';
import { displayNameOf, userEventData } from '../../domain/user-view';
import { type AdminUserRow, findAdminUser, findAdminUsers, lockUsers } from '../../repository/admin-users';
import { countUsers, updateUser } from '../../repository/users';

/** Level names as the log shows them (requirements O5). */
/** A level's name in a language (`server.auth.levels.*`), its number when it has none. */
const levelName = (language: string, level: number) =>
  level >= 0 && level <= 4 ? t(language, `auth.levels.${level as 0 | 1 | 2 | 3 | 4}`) : String(level);

const REFUSALS: Record<LevelChangeRefusal, ServerText> = {
  developer: text('auth.developerLevel'),
  'own-level': text('auth.ownLevel'),
  'above-own': text('auth.aboveOwn'),
  'target-above-own': text('auth.targetAboveOwn'),
  'not-admin': text('platform.adminRequired'),
};

const idParams = z.object({ id: id() });

/**
 * What a level change writes with it, in its transaction: `user.level-changed`, `user.updated`
 * and the audit event.
 */
async function recordLevelChange(
  tx: Tx,
  req: FastifyRequest,
  change: { user: Parameters<typeof userEventData>[0]; previous: number; actorId: number },
): Promise<void> {
  const { user, previous, actorId } = change;
  const level = user.adminLevel;
  await enqueue(
    tx,
    outbox,
    makeEvent(userLevelChanged, { id: user.id, adminLevel: level, previous, by: actorId }),
  );
  await enqueue(tx, outbox, makeEvent(userUpdated, userEventData(user)));
  await enqueue(
    tx,
    outbox,
    auditEventFor(req, 'auth', {
      action: 'user.level-changed',
      category: 'users',
      // Stored once for every reader, in Russian as the log has always had it.
      description: t('ru', 'auth.levelChanged', {
        username: user.username,
        id: user.id,
        from: levelName('ru', previous),
        to: levelName('ru', level),
      }),
      targetType: 'user',
      targetId: String(user.id),
      before: { adminLevel: previous },
      after: { adminLevel: level },
    }),
  );
}

/**
 * The users table and access levels (requirements O2.1, O7), admin only (route table):
 * GET /admin/users (search, level filter, sorting and additive paging), GET /admin/users/{id},
 * POST /admin/users/{id}/adminLevel. A level change is checked against the rules in
 * docs/rules.md, writes `user.level-changed`, `user.updated` and the audit event in the same
 * transaction, and takes effect on the user's next request: auth reads the level on every
 * session look-up, and the gateway drops its cached identities of that user when the change
 * passes through it (gateway/src/identity/session-eviction.ts).
 */
export function adminUsersRoutes(app: HttpServer, ctx: AuthContext): void {
  const developerId = ctx.config.DEVELOPER_DISCORD_ID;
  const view = ({ globalName, ...row }: AdminUserRow) => ({
    ...row,
    displayName: displayNameOf({ username: row.username, globalName }),
    developer: isDeveloper(row.discordId, developerId),
  });

  app.get(
    '/admin/users',
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } } },
    async (req, reply) => {
      const q = req.query.q?.trim() || undefined;
      const [{ rows, total }, all] = await Promise.all([
        findAdminUsers(ctx.database.db, { ...req.query, q }),
        countUsers(ctx.database.db),
      ]);
      reply.header(TOTAL_COUNT_HEADER, String(total)).header(USERS_TOTAL_HEADER, String(all));
      return rows.map(view);
    },
  );

  app.get(
    '/admin/users/:id',
    { schema: { params: idParams, response: { 200: adminUserDetailSchema } } },
    async (req) => {
      const row = await findAdminUser(ctx.database.db, req.params.id);
      if (!row) throw new NotFoundError(text('auth.userNotFound'));
      return view(row);
    },
  );

  app.post(
    '/admin/users/:id/adminLevel',
    {
      schema: { params: idParams, body: adminLevelBodySchema, response: { 200: adminLevelResultSchema } },
    },
    async (req) => {
      const actorId = requireUser(req);
      const targetId = req.params.id;
      const level = req.body.adminLevel;
      const result = await ctx.database.transaction(async (tx) => {
        const locked = await lockUsers(tx, [...new Set([actorId, targetId])]);
        const target = locked.find((u) => u.id === targetId);
        if (!target) throw new NotFoundError(text('auth.userNotFound'));
        // The actor's level as it is now, not as their (possibly seconds old) identity says.
        const actor = locked.find((u) => u.id === actorId);
        if (!actor) throw new AuthorizationError(REFUSALS['not-admin']);
        const refusal = levelChangeRefusal(actor, target, level, developerId);
        if (refusal) throw new AuthorizationError(REFUSALS[refusal]);
        const previous = target.adminLevel;
        if (previous === level) return { user: target, previous, changed: false };
        const user = await updateUser(tx, target.id, { adminLevel: level });
        await recordLevelChange(tx, req, { user, previous, actorId });
        return { user, previous, changed: true };
      });
      if (result.changed) ctx.relay.kick();
      const { id: uid, discordId, username, globalName, avatar, adminLevel } = result.user;
      return {
        user: view({ id: uid, discordId, username, globalName, avatar, adminLevel }),
        previous: result.previous,
      };
    },
  );
}
