import { type Identity, usersEnsureDiscord } from '@acg/contracts';
import { localize } from '@acg/i18n';
import { translatorFor } from '@acg/i18n/server';
import { type Bus, type CacheNamespace, isAppError, type Logger } from '@acg/platform';
import { cutDiscord, discordInline } from '@acg/platform/escape';
import {
  type CommandOption,
  commandOptions,
  type DiscordUser,
  type Interaction,
  invokerOf,
  ResponseType,
} from '../domain/interaction';
import {
  type ActionRow,
  type Button,
  ephemeral,
  type Locale,
  localeOf,
  type MessageData,
  replies,
} from '../domain/replies';
import { type Answer, type RouteKey, type ServiceApi, ServiceRefusal } from '../services/api';

/** What every command, autocomplete and component handler is given. */
export interface CommandDeps {
  bus: Bus;
  api: ServiceApi;
  logger: Logger;
  publicUrl: string;
  /** Trade offers being built (trade.ts), per Discord user. */
  drafts: CacheNamespace;
}

/** One interaction, as the handlers see it. */
export interface Ctx extends CommandDeps {
  interaction: Interaction;
  locale: Locale;
  t: ReturnType<typeof translatorFor>;
  who: DiscordUser;
  /** Site users already looked up for this interaction, by Discord id. */
  known: Map<string, Promise<SiteUser>>;
}
type SiteUser = { id: number; username: string };

export interface Reply {
  type: number;
  data: MessageData;
}
/** An autocomplete's answer (type 8): the choices, never a message. */
export interface Choices {
  type: typeof ResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT;
  data: { choices: Array<{ name: string; value: string }> };
}
export const say = (data: MessageData): Reply => ({ type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data });
export const update = (data: MessageData): Reply => ({ type: ResponseType.UPDATE_MESSAGE, data });

export function contextOf(deps: CommandDeps, interaction: Interaction): Ctx | undefined {
  const who = invokerOf(interaction);
  if (!who) return undefined;
  const locale = localeOf(interaction.locale);
  return { ...deps, interaction, locale, t: translatorFor(locale), who, known: new Map() };
}

/** The site user behind a Discord user (created on first sight, as for /card), once per interaction. */
export function siteUserOf(ctx: Ctx, user: DiscordUser = ctx.who): Promise<SiteUser> {
  let known = ctx.known.get(user.id);
  if (!known) {
    known = ctx.bus
      .request(usersEnsureDiscord, {
        discordId: user.id,
        username: user.username,
        discriminator: user.discriminator ?? null,
        avatar: user.avatar ?? null,
      })
      .then((answer) => answer.user);
    ctx.known.set(user.id, known);
  }
  return known;
}

/** The signed identity the services see: the site user, no admin rights, the member's language. */
export const identityOf = (ctx: Ctx, userId: number): Identity => ({
  userId,
  adminLevel: 0,
  language: ctx.locale,
});

/** A service call as the member who interacted. */
export async function callAsMe<K extends RouteKey>(
  ctx: Ctx,
  key: K,
  request?: Parameters<ServiceApi>[2],
): Promise<Answer<K>> {
  const me = await siteUserOf(ctx);
  return ctx.api(key, identityOf(ctx, me.id), request as never) as Promise<Answer<K>>;
}

/** A failure as the member reads it: a service's refusal as it said it, else "try again". */
export function failure(ctx: Ctx, err: unknown): MessageData {
  if (err instanceof ServiceRefusal) return ephemeral(cutDiscord(err.message, 2000));
  const say = replies(ctx.locale);
  ctx.logger.warn({ err, interactionId: ctx.interaction.id }, 'command failed');
  return isAppError(err) && err.status === 503 ? say.unavailable() : say.failed();
}

/** Runs a handler; whatever it throws becomes an ephemeral message. */
export const guarded = async (ctx: Ctx, work: () => Promise<Reply>): Promise<Reply> =>
  work().catch((err: unknown) => say(failure(ctx, err)));

/** An option's value (inside a subcommand when there is one). */
export function optionOf(ctx: Ctx, name: string): CommandOption | undefined {
  return commandOptions(ctx.interaction).options.find((o) => o.name === name);
}
export const textOption = (ctx: Ctx, name: string): string | undefined => {
  const value = optionOf(ctx, name)?.value;
  return value === undefined ? undefined : String(value).trim() || undefined;
};
/** A user option: the user object Discord resolved for it. */
export function userOption(ctx: Ctx, name: string): DiscordUser | undefined {
  const id = optionOf(ctx, name)?.value;
  return id === undefined ? undefined : ctx.interaction.data?.resolved?.users?.[String(id)];
}

/** The rank's colour as Discord wants it (a number), grey when it is not `#rrggbb`. */
export const colorOf = (color: string): number =>
  /^#[0-9a-f]{6}$/i.test(color) ? Number.parseInt(color.slice(1), 16) : 0x9e9e9e;

/** The rendered card on the site, in the member's language (optionally one print of it). */
export function cardImage(ctx: Ctx, cardId: number, print?: number): string {
  const query = new URLSearchParams({ lang: ctx.locale, ...(print ? { print: String(print) } : {}) });
  return `${siteUrl(ctx)}/api/cards/${cardId}/image?${query}`;
}
export const siteUrl = (ctx: Pick<Ctx, 'publicUrl'>) => ctx.publicUrl.replace(/\/+$/, '');

/** A name from outside the bot, in the member's language, as plain text on one line. */
export const plain = (text: string, max = 256) => cutDiscord(discordInline(text), max);
export const nameIn = (ctx: Ctx, names: Parameters<typeof localize>[0], primary: string) =>
  localize(names, ctx.locale, primary) ?? primary;

/** A custom_id: parts joined by ':', never past Discord's 100 characters. */
export function customId(...parts: Array<string | number>): string {
  const id = parts.join(':');
  if (id.length > 100) throw new Error(`custom_id over 100 characters: ${id.slice(0, 40)}…`);
  return id;
}

/** Previous/Next buttons for page `page` (0-based) of `pages`; `idFor` names each target page. */
export function pagingRow(ctx: Ctx, page: number, pages: number, idFor: (page: number) => string): ActionRow {
  const button = (label: string, target: number, disabled: boolean): Button => ({
    type: 2,
    style: 2,
    label,
    custom_id: idFor(target),
    disabled,
  });
  return {
    type: 1,
    components: [
      button(ctx.t('bot.previous'), page - 1, page <= 0),
      button(ctx.t('bot.next'), page + 1, page >= pages - 1),
    ],
  };
}

/** One page of a list, the page number kept inside the list. */
export function pageOf<T>(items: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const at = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(at * size, at * size + size), page: at, pages };
}

/** Autocomplete choices as Discord takes them: at most 25, names 1-100 characters. */
export function choices(list: ReadonlyArray<{ name: string; value: string }>): Choices {
  const seen = new Set<string>();
  const unique = list.filter((c) => !seen.has(c.value) && seen.add(c.value) && c.value.length <= 100);
  return {
    type: ResponseType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT,
    data: {
      choices: unique.slice(0, 25).map((c) => ({ name: cutDiscord(c.name, 100) || '?', value: c.value })),
    },
  };
}

/** The text the member is typing into the focused option. */
export function focusedText(ctx: Ctx): { name: string; text: string } {
  const focused = commandOptions(ctx.interaction).options.find((o) => o.focused);
  return { name: focused?.name ?? '', text: String(focused?.value ?? '').trim() };
}

/** Case-insensitive "contains" over every name a thing has (any language). */
export const matches = (names: readonly string[], typed: string) => {
  const needle = typed.toLocaleLowerCase();
  return !needle || names.some((n) => n.toLocaleLowerCase().includes(needle));
};
