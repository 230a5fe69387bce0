import { sessionResolve, usersCount, usersEnsureDiscord, usersGet } from '@acg/contracts';
import type { Bus, Subscription } from '@acg/platform';
import type { AuthContext } from '../../context';
import { displayNameOf, toPublicUser, userEventData } from '../../domain/user-view';
import { ensureDiscordUser } from '../../repository/sign-in';
import { countUsers, findIdentityFields, findPublicUsers } from '../../repository/users';

/**
 * What auth answers over the bus: the gateway resolves session cookies here on every request;
 * other services count and look up users.
 */
export function serveRpc(bus: Bus, ctx: AuthContext): Subscription[] {
  return [
    bus.serve(sessionResolve, async ({ sessionId }) => {
      const session = await ctx.sessions.get(sessionId);
      if (!session) return { session: null };
      if (session.userId === null) {
        return { session: { userId: null, adminLevel: 0, username: null, language: session.language } };
      }
      const user = await findIdentityFields(ctx.database.db, session.userId);
      // A session outliving its user (Redis has no foreign key) is no session.
      if (!user) return { session: null };
      const { adminLevel, username } = user;
      return {
        session: {
          userId: session.userId,
          adminLevel,
          username,
          displayName: displayNameOf(user),
          language: session.language,
        },
      };
    }),

    bus.serve(usersCount, async () => ({ count: await countUsers(ctx.database.db) })),

    bus.serve(usersGet, async ({ ids }) => ({
      users: (await findPublicUsers(ctx.database.db, [...new Set(ids)])).map((row) => ({
        ...toPublicUser(row),
        language: row.language,
      })),
    })),

    bus.serve(usersEnsureDiscord, async (data) => {
      const { user, created } = await ensureDiscordUser(
        ctx.database,
        {
          discordId: data.discordId,
          username: data.username,
          discriminator: data.discriminator ?? null,
          avatar: data.avatar ?? null,
        },
        ctx.config.DEVELOPER_DISCORD_ID,
      );
      if (created) ctx.relay.kick();
      return { user: userEventData(user), created };
    }),
  ];
}
