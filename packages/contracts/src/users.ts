import { z } from 'zod';
import { idNumber, safeString } from './fields';
import { defineEvent, defineRpc } from './messaging';

/** The user record (spec 1 §3, spec 3 §3). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  discriminator: z.string().nullable(),
  discordId: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  level: z.number().int(),
  adminLevel: z.number().int().min(0).max(4),
  language: z.enum(['en', 'ru']),
  shikimoriId: z.number().int().nullable(),
  shikimoriNickname: z.string().nullable(),
  shikimoriAvatar: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** What other users see of a user (GET /api/users, owners, trade counterparts). */
export const publicUserSchema = userSchema.pick({
  id: true,
  username: true,
  discriminator: true,
  discordId: true,
  avatar: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const publicUserListSchema = z.array(publicUserSchema);

/** GET /api/me (additive): the signed-in user or null, and the language. */
export const meSchema = z.object({ user: userSchema.nullable(), language: z.enum(['en', 'ru']) });
export type Me = z.infer<typeof meSchema>;

export const languageSchema = z.enum(['en', 'ru']);
export type Language = z.infer<typeof languageSchema>;
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export const DEFAULT_LANGUAGE: Language = 'en';

/** auth.session.resolve: the gateway turns a session cookie into an identity. */
export const sessionResolve = defineRpc(
  'auth.session.resolve',
  z.object({ sessionId: safeString().max(200) }),
  z.object({
    session: z
      .object({
        userId: z.number().int().nullable(),
        adminLevel: z.number().int(),
        username: z.string().nullable(),
        language: languageSchema,
      })
      .nullable(),
  }),
  1000,
);

/** auth.users.count: number of users (for /api/stats). */
export const usersCount = defineRpc('auth.users.count', z.object({}), z.object({ count: z.number().int() }));

/** auth.users.get: users by id (for read models and owner lists). */
export const usersGet = defineRpc(
  'auth.users.get',
  z.object({ ids: z.array(idNumber()).max(1000) }),
  z.object({ users: z.array(publicUserSchema) }),
);

export const userCreated = defineEvent(
  'user.created',
  publicUserSchema.extend({ adminLevel: z.number().int() }),
);
export const userUpdated = defineEvent(
  'user.updated',
  publicUserSchema.extend({ adminLevel: z.number().int() }),
);
export const userLevelChanged = defineEvent(
  'user.level-changed',
  z.object({
    id: z.number().int(),
    adminLevel: z.number().int(),
    previous: z.number().int(),
    by: z.number().int(),
  }),
);

/**
 * auth.users.ensure-discord: the user behind a Discord account, created on first sight (a fan
 * may drop cards with the bot before ever signing in to the site). Emits user.created when new.
 */
export const usersEnsureDiscord = defineRpc(
  'auth.users.ensure-discord',
  z.object({
    discordId: z.string().regex(/^\d{5,25}$/),
    username: safeString().min(1).max(100),
    discriminator: safeString().max(10).nullable().optional(),
    avatar: safeString().max(200).nullable().optional(),
  }),
  z.object({ user: publicUserSchema.extend({ adminLevel: z.number().int() }), created: z.boolean() }),
);
