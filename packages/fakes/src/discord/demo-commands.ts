import type { FakeDiscordAccount } from './accounts';
import type { CommandOptionBody, FakeInteractions, InteractionBody } from './interactions';

/** What the demo chat's command form sends: the command, a text and maybe another member. */
export interface DemoCommand {
  command?: string;
  text?: string;
  user?: string;
}

/** The commands the demo chat offers besides /card, as the member would type them. */
export const DEMO_COMMANDS = [
  { id: 'collection', label: '/collection [search]' },
  { id: 'view', label: '/view <card>' },
  { id: 'wish add', label: '/wish add <character>' },
  { id: 'wish remove', label: '/wish remove <character>' },
  { id: 'wish list', label: '/wish list' },
  { id: 'trade', label: '/trade <user>' },
  { id: 'profile', label: '/profile [user]' },
] as const;

const str = (name: string, value: string): CommandOptionBody => ({ name, type: 3, value });

/**
 * The APPLICATION_COMMAND Discord would send for the form's command, typed in the bot's DM
 * (`/card` in a server, as before): the text is the command's text option (typed text, as when
 * the member does not pick from the autocomplete), the chosen member its user option.
 */
export function demoCommandInteraction(
  interactions: FakeInteractions,
  account: FakeDiscordAccount,
  others: readonly FakeDiscordAccount[],
  form: DemoCommand,
): { interaction: InteractionBody; typed: string } | undefined {
  const chosen = form.command?.trim() || 'card';
  if (chosen === 'card')
    return { interaction: interactions.commandInteraction(account, 'card'), typed: '/card' };
  if (!DEMO_COMMANDS.some((c) => c.id === chosen)) return undefined;
  const [name, sub] = chosen.split(' ') as [string, string | undefined];
  const text = form.text?.trim() ?? '';
  const user =
    others.find((a) => a.discordId === form.user) ??
    (name === 'trade' ? others.find((a) => a.discordId !== account.discordId) : undefined);
  const options: CommandOptionBody[] = [];
  if (user && ['collection', 'trade', 'profile'].includes(name))
    options.push({ name: 'user', type: 6, value: user.discordId });
  if (text && name === 'collection') options.push(str('search', text));
  if (name === 'view') options.push(str('card', text));
  const withSub = sub
    ? [{ name: sub, type: 1, options: sub === 'list' ? [] : [str('character', text)] }]
    : options;
  const interaction = interactions.commandInteraction(account, name, {
    options: withSub,
    users: user ? [user] : [],
    where: 'dm',
  });
  const typed = [`/${chosen}`, user ? `@${user.username}` : '', name === 'trade' ? '' : text]
    .filter(Boolean)
    .join(' ');
  return { interaction, typed };
}

/** What a click on a component of the bot's message sends: its custom_id and chosen values. */
export interface DemoClick {
  customId: string;
  values?: string[];
  messageId?: string;
}

/** The MESSAGE_COMPONENT Discord would send for a click in the bot's DM. */
export function demoComponentInteraction(
  interactions: FakeInteractions,
  account: FakeDiscordAccount,
  click: DemoClick,
): InteractionBody {
  const {
    data: _data,
    type: _type,
    ...place
  } = interactions.commandInteraction(account, 'x', { where: 'dm' });
  const isSelect = click.values !== undefined;
  return {
    ...place,
    type: 3,
    data: {
      custom_id: click.customId,
      component_type: isSelect ? 3 : 2,
      ...(isSelect ? { values: click.values } : {}),
    },
    message: {
      id: click.messageId ?? '1300000000000000001',
      channel_id: String(place.channel_id),
      content: '',
    },
  } as InteractionBody;
}
