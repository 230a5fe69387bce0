import type { CardSummary } from '@acg/contracts';
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
export interface Button {
  type: 2;
  /** 3 Success (green), 4 Danger (red). */
  style: 1 | 2 | 3 | 4;
  label: string;
  custom_id: string;
  disabled?: boolean;
}
export interface ActionRow {
  type: 1;
  components: Button[];
}
export interface Embed {
  title: string;
  description: string;
  color: number;
  image: { url: string };
  footer: { text: string };
}

/** Message flag: only the user who ran the command sees it. */
export const EPHEMERAL = 64;
const GREY = 0x9e9e9e;

export type Locale = 'en' | 'ru';
/** Discord sends the user's client language; Russian speakers get Russian, everyone else English. */
export const localeOf = (discordLocale: string | undefined): Locale =>
  discordLocale?.toLowerCase().startsWith('ru') ? 'ru' : 'en';

const texts = {
  en: {
    cooldown: (s: number) => `⏳ Your next card is ready in ${s} s.`,
    noCard: 'No cards can be dropped right now. Try again later!',
    unavailable: 'The card shop is closed for a moment. Please try again soon!',
    failed: 'Something went wrong with this drop. Please try again.',
    busy: 'Your previous /card is still being handled. Try again in a moment.',
    usersOnly: 'This command works for users only.',
    unknownCommand: 'Unknown command.',
    owned: (n: number) => (n === 1 ? 'New in your collection! You own 1 copy' : `You now have ${n} copies`),
    limited: 'Limited',
    unknownButton: 'This button no longer works.',
    unknownForm: 'This form is no longer handled.',
    unknownInteraction: 'The bot cannot handle this yet.',
  },
  ru: {
    cooldown: (s: number) => `⏳ Следующая карта будет доступна через ${s} с.`,
    noCard: 'Сейчас нет карт для выдачи. Попробуйте позже!',
    unavailable: 'Магазин карт ненадолго закрыт. Попробуйте чуть позже!',
    failed: 'С этой картой что-то пошло не так. Попробуйте ещё раз.',
    busy: 'Предыдущая команда /card ещё выполняется. Попробуйте через минуту.',
    usersOnly: 'Эта команда только для пользователей.',
    unknownCommand: 'Неизвестная команда.',
    owned: (n: number) => (n === 1 ? 'Новая карта в коллекции! У вас 1 копия' : `Теперь у вас копий: ${n}`),
    limited: 'Лимитированная',
    unknownButton: 'Эта кнопка больше не работает.',
    unknownForm: 'Эта форма больше не обрабатывается.',
    unknownInteraction: 'Бот пока не умеет это обрабатывать.',
  },
} as const;

export const ephemeral = (content: string): MessageData => ({ content, flags: EPHEMERAL });

/**
 * The message as it goes to Discord: it pings no one (the bot never means to). Every way the bot
 * sends a message (interaction answers, follow-up edits, DMs and their edits) passes through here.
 */
export const withNoPings = (data: MessageData): MessageData => ({ ...data, allowed_mentions: NO_PINGS });

/** Every short answer the bot gives, in the user's language; all ephemeral. */
export const replies = (locale: Locale) => {
  const t = texts[locale];
  return {
    cooldown: (msLeft: number) => ephemeral(t.cooldown(Math.max(1, Math.ceil(msLeft / 1000)))),
    noCard: () => ephemeral(t.noCard),
    unavailable: () => ephemeral(t.unavailable),
    failed: () => ephemeral(t.failed),
    busy: () => ephemeral(t.busy),
    usersOnly: () => ephemeral(t.usersOnly),
    unknownCommand: () => ephemeral(t.unknownCommand),
    unknownButton: () => ephemeral(t.unknownButton),
    unknownForm: () => ephemeral(t.unknownForm),
    unknownInteraction: () => ephemeral(t.unknownInteraction),
    /** The drop: an embed in the rank's colour with the rendered card and how many the user owns. */
    drop(card: CardSummary, quantity: number, publicUrl: string): MessageData {
      const color = /^#[0-9a-f]{6}$/i.test(card.rankColor)
        ? Number.parseInt(card.rankColor.slice(1), 16)
        : GREY;
      return {
        embeds: [
          {
            // Names from the catalogue are escaped like any text from outside the bot.
            title: discordInline(card.characterName),
            description: `${discordInline(card.rankCode)} · ${discordInline(card.rankTitle)}${card.limited ? ` · ${t.limited}` : ''}`,
            color,
            image: { url: `${publicUrl.replace(/\/+$/, '')}/api/cards/${card.id}/image` },
            footer: { text: t.owned(quantity) },
          },
        ],
      };
    },
  };
};
export type Replies = ReturnType<typeof replies>;
