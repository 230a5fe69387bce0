import { commandOptions } from '../domain/interaction';
import { ephemeral } from '../domain/replies';
import { ServiceRefusal } from '../services/api';
import {
  type Choices,
  type Ctx,
  choices,
  focusedText,
  guarded,
  identityOf,
  nameIn,
  plain,
  type Reply,
  say,
  siteUserOf,
  textOption,
} from './kit';

/**
 * `/wish add|remove|list [character]`: the member's wishlist through inventory's wishlist API
 * (contracts' wishlist routes, rules §67); the limit and what counts as a character are inventory's to say.
 * `character` is a character id (autocomplete offers them); typed text takes the first match.
 */
export function wishCommand(ctx: Ctx): Promise<Reply> {
  return guarded(ctx, async () => {
    const { sub } = commandOptions(ctx.interaction);
    const me = identityOf(ctx, (await siteUserOf(ctx)).id);
    if (sub === 'list') {
      const list = await ctx.api('GET /api/wishlist', me);
      const lines = list.items.map((w) =>
        w.animeTitle ? `${plain(w.name, 100)} · ${plain(w.animeTitle, 100)}` : plain(w.name, 100),
      );
      const title = ctx.t('bot.wishlist.title', { count: list.items.length, limit: list.limit });
      return say(
        ephemeral(
          lines.length ? `**${title}**\n${lines.slice(0, 50).join('\n')}` : ctx.t('bot.wishlist.empty'),
        ),
      );
    }
    const character = await characterOf(ctx, textOption(ctx, 'character') ?? '');
    if (!character) return say(ephemeral(ctx.t('bot.wishlist.pick')));
    const params = { characterId: character.id };
    // An id from the autocomplete: the name as the wishlist knows it.
    const nameFrom = async () =>
      character.name ??
      (await ctx.api('GET /api/wishlist', me)).items.find((w) => w.characterId === character.id)?.name ??
      `#${character.id}`;
    if (sub === 'remove') {
      const name = plain(await nameFrom(), 100);
      const { removed } = await ctx.api('DELETE /api/wishlist/:characterId', me, { params });
      return say(ephemeral(ctx.t(removed ? 'bot.wishlist.removed' : 'bot.wishlist.notThere', { name })));
    }
    const added = await ctx.api('PUT /api/wishlist/:characterId', me, { params, body: {} });
    const name = plain(await nameFrom(), 100);
    const key = added.added ? 'bot.wishlist.added' : 'bot.wishlist.already';
    return say(ephemeral(ctx.t(key, { name, count: added.count, limit: added.limit })));
  });
}

/** The character an option names: its id from the autocomplete, or the first one matching text. */
async function characterOf(ctx: Ctx, typed: string): Promise<{ id: number; name?: string } | undefined> {
  if (/^\d{1,9}$/.test(typed)) return { id: Number(typed) };
  if (!typed) return undefined;
  const [first] = await characterChoices(ctx, typed);
  if (!first) throw new ServiceRefusal(404, 'not_found', ctx.t('bot.wishlist.pick'));
  return { id: Number(first.value), name: first.name };
}

async function characterChoices(ctx: Ctx, typed: string) {
  const me = identityOf(ctx, (await siteUserOf(ctx)).id);
  const characters = await ctx.api('GET /api/characters', me, {
    query: { q: typed || undefined, limit: 25 },
  });
  return characters.map((c) => ({ name: nameIn(ctx, c.names, c.name), value: String(c.id) }));
}

export async function wishAutocomplete(ctx: Ctx): Promise<Choices> {
  return choices(await characterChoices(ctx, focusedText(ctx).text));
}
