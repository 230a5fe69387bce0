import type { CardSummary } from '@acg/contracts';
import { localize } from '@acg/i18n';
import { translatorFor } from '@acg/i18n/server';
import { type AllowedMentions, discordInline, NO_PINGS } from '@acg/platform/escape';

/** The message part of an interaction response (and of a follow-up edit). */
export interface MessageData {
  content?: string;
  flags?: number;
  embeds?: Embed[];
  /** Action rows of buttons (Discord's message components). */
  components?: ActionRow[];
  /** Who the message may ping: every transport sets NO_PINGS (see withNoPings). */
  allowed_mentions?: AllowedMentions;
}
/** A button: styles 1-4 carry a custom_id; a link button (style 5) an address instead. */
export type Button =
  | { type: 2; style: 1 | 2 | 3 | 4; label: string; custom_id: string; disabled?: boolean }
  | { type: 2; style: 5; label: string; url: string };
/** A string select menu (component type 3): at most 25 options. */
export interface StringSelect {
  type: 3;
  custom_id: string;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  options: Array<{ label: string; value: string; description?: string; default?: boolean }>;
}
export interface ActionRow {
  type: 1;
  /** Up to five buttons, or one select menu. */
  components: Button[] | [StringSelect];
}
export interface Embed {
  title: string;
  description: string;
  color: number;
  url?: string;
  image?: { url: string };
  thumbnail?: { url: string };
  fields?: Array<{ name: string; value: string; inline?: boolean }>;
  footer?: { text: string };
}

/** Message flag: only the user who ran the command sees it. */
export const EPHEMERAL = 64;
const GREY = 0x9e9e9e;

export type Locale = 'en' | 'ru';
/** Discord sends the user's client language; Russian speakers get Russian, everyone else English. */
export const localeOf = (discordLocale: string | undefined): Locale =>
  discordLocale?.toLowerCase().startsWith('ru') ? 'ru' : 'en';

export const ephemeral = (content: string): MessageData => ({ content, flags: EPHEMERAL });

/**
 * The message as it goes to Discord: it pings no one (the bot never means to). Every way the bot
 * sends a message (interaction answers, follow-up edits, DMs and their edits) passes through here.
 */
export const withNoPings = (data: MessageData): MessageData => ({ ...data, allowed_mentions: NO_PINGS });

/**
 * Every short answer the bot gives, in the user's language; all ephemeral. The texts are
 * `server.bot.*` of @acg/i18n (editable on the translations screen, rules §49).
 */
export const replies = (locale: Locale) => {
  const t = translatorFor(locale);
  return {
    cooldown: (msLeft: number) =>
      ephemeral(t('bot.cooldown', { seconds: Math.max(1, Math.ceil(msLeft / 1000)) })),
    noCard: () => ephemeral(t('bot.noCard')),
    unavailable: () => ephemeral(t('bot.unavailable')),
    failed: () => ephemeral(t('bot.failed')),
    busy: () => ephemeral(t('bot.busy')),
    usersOnly: () => ephemeral(t('bot.usersOnly')),
    unknownCommand: () => ephemeral(t('bot.unknownCommand')),
    unknownButton: () => ephemeral(t('bot.unknownButton')),
    unknownForm: () => ephemeral(t('bot.unknownForm')),
    unknownInteraction: () => ephemeral(t('bot.unknownInteraction')),
    /**
     * The drop: an embed in the rank's colour with the rendered card (this copy's print number on
     * it, in the user's language) and how many the user owns.
     */
    drop(
      card: CardSummary,
      grant: { quantity: number; printNumber: number | null },
      publicUrl: string,
    ): MessageData {
      const { quantity, printNumber } = grant;
      const query = new URLSearchParams({
        lang: locale,
        ...(printNumber ? { print: String(printNumber) } : {}),
      });
      const color = /^#[0-9a-f]{6}$/i.test(card.rankColor)
        ? Number.parseInt(card.rankColor.slice(1), 16)
        : GREY;
      return {
        embeds: [
          {
            // Names from the catalogue are escaped like any text from outside the bot, and shown
            // in the user's language along the names' fallback order (rules §57).
            title: discordInline(
              localize(card.characterNames, locale, card.characterName) ?? card.characterName,
            ),
            description: [
              // The number sign is markdown to Discord at a line's start: escaped like any text.
              ...(printNumber ? [discordInline(t('bot.print', { number: printNumber }))] : []),
              `${discordInline(card.rankCode)} · ${discordInline(localize(card.rankTitles, locale, card.rankTitle) ?? card.rankTitle)}`,
              ...(card.limited ? [t('bot.limited')] : []),
            ].join(' · '),
            color,
            image: { url: `${publicUrl.replace(/\/+$/, '')}/api/cards/${card.id}/image?${query}` },
            footer: { text: quantity === 1 ? t('bot.firstCopy') : t('bot.copies', { count: quantity }) },
          },
        ],
      };
    },
  };
};
export type Replies = ReturnType<typeof replies>;
