/** The bot's slash commands, as registered with Discord (scripts/register-commands.ts). */
export const COMMANDS = [
  {
    name: 'card',
    type: 1, // CHAT_INPUT
    description: 'Get a random anime character card',
    description_localizations: { ru: 'Получить случайную карту аниме-персонажа' },
  },
];
