import { z } from 'zod';
import { idNumber, safeString } from './fields';
import { defineEvent, defineRpc } from './messaging';

/**
 * A language code (`en`, `ru`, `pt-BR`). The web client bundles en and ru; any other language
 * exists once an administrator adds it with translations in the admin area (rules §31).
 */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const languageSchema = z.string().regex(LANGUAGE_CODE, 'a language code such as en, ru or pt-BR');
export type Language = string;
/** The bundled languages and the fallback order are @acg/i18n's (one place, rules §49). */
export {
  type BundledLanguage,
  bundledLanguageOf,
  isBundled as isBundledLanguage,
  LANGUAGES as SUPPORTED_LANGUAGES,
} from '@acg/i18n';
export const DEFAULT_LANGUAGE: Language = 'en';

/** The user record (requirements M3, requirements O3). */
export const userSchema = z.object({
  id: z.number().int(),
  /** Discord's username (the handle); the profile header shows it with the discriminator. */
  username: z.string(),
  /**
   * The name the member is shown by wherever they are named (owners, trades, lists, welcome):
   * Discord's `global_name` when set, `username` otherwise (additive; absent in older events).
   */
  displayName: z.string().optional(),
  discriminator: z.string().nullable(),
  discordId: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  level: z.number().int(),
  adminLevel: z.number().int().min(0).max(4),
  language: languageSchema,
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
  displayName: true,
  discriminator: true,
  discordId: true,
  avatar: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const publicUserListSchema = z.array(publicUserSchema);
/** GET /api/users?q=&limit= (additive): members found by any part of their names (rules §57). */
export const usersSearchQuerySchema = z.object({
  q: safeString().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** GET /api/me (additive): the signed-in user or null, and the language. */
export const meSchema = z.object({ user: userSchema.nullable(), language: languageSchema });
/** POST /auth/shikimori/unlink (additive). */
export const shikimoriUnlinkedSchema = z.object({ success: z.literal(true) });
export type Me = z.infer<typeof meSchema>;

/**
 * admin.i18n.languages: the added languages that have at least one translated text, i.e. the
 * ones the language selector offers and POST /change-language accepts beyond the bundled two.
 */
export const i18nLanguages = defineRpc(
  'admin.i18n.languages',
  z.object({}),
  z.object({ languages: z.array(languageSchema) }),
  1000,
);

/**
 * admin.i18n.server-texts: the services' texts administrators changed (each language's stored
 * `server` namespace where it differs from the bundled texts), by language (rules §49).
 */
export const i18nServerTexts = defineRpc(
  'admin.i18n.server-texts',
  z.object({}),
  z.object({ languages: z.record(languageSchema, z.record(z.string(), z.unknown())) }),
  1000,
);
/** translations.saved: a language's translations were saved; the services re-read their texts. */
export const translationsSaved = defineEvent(
  'translations.saved',
  z.object({ lang: languageSchema, version: z.number().int() }),
);

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
        /** The name the member is shown by (Discord's global_name, else username; additive). */
        displayName: z.string().nullable().optional(),
        language: languageSchema,
      })
      .nullable(),
  }),
  1000,
);

/** auth.users.count: number of users (for /api/stats). */
export const usersCount = defineRpc('auth.users.count', z.object({}), z.object({ count: z.number().int() }));

/**
 * auth.users.get: users by id (for read models and owner lists), with the language each chose
 * on the site (additive): the bot writes their direct messages in it (rules §57).
 */
export const usersGet = defineRpc(
  'auth.users.get',
  z.object({ ids: z.array(idNumber()).max(1000) }),
  z.object({ users: z.array(publicUserSchema.extend({ language: languageSchema.optional() })) }),
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
