import { type ServerKey, t } from '@acg/i18n/server';

/** Option types (Discord's ApplicationCommandOptionType). */
export const OptionType = { SUB_COMMAND: 1, STRING: 3, INTEGER: 4, USER: 6 } as const;

/** Where a command can be used: a server, the bot's DM, other DMs (the app installed by a user). */
const CONTEXTS = [0, 1, 2];
/** Installed to a server (0) or by a user to their account (1). */
const INTEGRATION_TYPES = [0, 1];

type Key = ServerKey & `bot.commands.${string}`;
/** The English text and the Russian one, as Discord's `*_localizations` carry them. */
const described = (key: Key) => ({
  description: t('en', key),
  description_localizations: { ru: t('ru', key) },
});
/** An option's (or subcommand's) name: English in code, Russian from the texts. */
const named = (name: string) => ({
  name,
  name_localizations: { ru: t('ru', `bot.commands.options.${name}` as Key) },
});

const user = (key: Key, required = false) => ({
  type: OptionType.USER,
  ...named('user'),
  ...described(key),
  required,
});
const text = (name: string, key: Key, extra: Record<string, unknown> = {}) => ({
  type: OptionType.STRING,
  ...named(name),
  ...described(key),
  ...extra,
});
const characterOption = text('character', 'bot.commands.wish.character', {
  required: true,
  autocomplete: true,
  max_length: 100,
});

const command = (name: string, body: Record<string, unknown>) => ({
  name,
  ...(name === 'card' ? {} : { name_localizations: { ru: t('ru', `bot.commands.${name}.name` as Key) } }),
  type: 1, // CHAT_INPUT
  ...described(`bot.commands.${name}.description` as Key),
  contexts: CONTEXTS,
  integration_types: INTEGRATION_TYPES,
  ...body,
});

/** The bot's slash commands, as registered with Discord (scripts/register-commands.ts). */
export const COMMANDS = [
  command('card', {}),
  command('collection', {
    options: [
      user('bot.commands.collection.user'),
      text('search', 'bot.commands.collection.search', { autocomplete: true, max_length: 50 }),
      text('rank', 'bot.commands.collection.rank', { autocomplete: true, max_length: 8 }),
    ],
  }),
  command('view', {
    options: [
      text('card', 'bot.commands.view.card', { required: true, autocomplete: true, max_length: 100 }),
    ],
  }),
  command('wish', {
    options: (['add', 'remove', 'list'] as const).map((sub) => ({
      type: OptionType.SUB_COMMAND,
      ...named(sub),
      ...described(`bot.commands.wish.${sub}`),
      ...(sub === 'list' ? {} : { options: [characterOption] }),
    })),
  }),
  command('trade', { options: [user('bot.commands.trade.user', true)] }),
  command('profile', { options: [user('bot.commands.profile.user')] }),
];
