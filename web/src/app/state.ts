import * as z from 'zod/mini';

// Browser-side schemas use zod/mini and the web's own small copies of the shapes it reads
// (conventions: each consumer parses only what it needs), which keeps zod classic and the
// contracts' module graph out of the client bundle. contracts-sync.test.ts checks them against contracts.

/** What a page knows about the signed-in user (the spec's page user prop, plus the username). */
export const pageUserSchema = z.object({
  id: z.number().check(z.int()),
  adminLevel: z.number().check(z.int(), z.minimum(0)),
  username: z.string(),
  /** The name to greet them by (Discord's global_name, else absent: the username). */
  displayName: z.optional(z.string()),
});
export type PageUser = z.infer<typeof pageUserSchema>;

/** A language code (contracts' LANGUAGE_CODE): en, ru or one added in the admin area. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;
export const languageSchema = z.string().check(z.regex(LANGUAGE_CODE));

/** The state the server renders with and embeds in the document for hydration. */
export const initialStateSchema = z.object({
  user: z.nullable(pageUserSchema),
  language: languageSchema,
  /**
   * Languages added in the admin area that have translations: the language selector offers
   * them after the bundled en and ru. Absent when there are none.
   */
  languages: z.optional(z.array(languageSchema)),
  /**
   * Live translations (GET /api/i18n/{lang}, edited in the admin area) that differ from the
   * bundled file, so the browser hydrates with the texts the server rendered. Absent when none.
   */
  translations: z.optional(z.record(z.string(), z.unknown())),
  /**
   * The gateway found that the address names an anime, character, card or collector that does
   * not exist: the page is the 404 page (issue 22 item 4). Absent otherwise.
   */
  notFound: z.optional(z.literal(true)),
  /**
   * Where home's link to the card bot points (the gateway's BOT_INVITE_URL, an http(s)
   * address). Absent when the bot has no invite configured: home names the command only.
   */
  botInvite: z.optional(z.string().check(z.regex(/^https?:\/\//i))),
});
export type InitialState = z.infer<typeof initialStateSchema>;

export { STATE_ELEMENT_ID } from './state-element';
