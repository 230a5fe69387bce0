import type { InventoryEntry } from '@acg/contracts';
import type { Embed, MessageData } from '../domain/replies';
import {
  type Choices,
  type Ctx,
  cardImage,
  choices,
  colorOf,
  customId,
  focusedText,
  guarded,
  identityOf,
  matches,
  pageOf,
  pagingRow,
  plain,
  type Reply,
  say,
  siteUserOf,
  textOption,
  update,
  userOption,
} from './kit';

/** Cards per page: one embed each (Discord shows at most 10 per message). */
export const COLLECTION_PAGE = 5;
/** Page buttons: `col:<site user id>:<page>:<rank>:<search>` (the search last: it may hold ':'). */
const PREFIX = 'col';

interface View {
  ownerId: number;
  page: number;
  rank?: string;
  search?: string;
}

/** `/collection [user] [search] [rank]`: the first page of a collection. */
export function collectionCommand(ctx: Ctx): Promise<Reply> {
  return guarded(ctx, async () => {
    const owner = await siteUserOf(ctx, userOption(ctx, 'user') ?? ctx.who);
    const view = {
      ownerId: owner.id,
      page: 0,
      rank: textOption(ctx, 'rank'),
      search: textOption(ctx, 'search'),
    };
    return say(await collectionPage(ctx, view));
  });
}

/** A page button: the same view at another page, in place. */
export function collectionButton(ctx: Ctx, customIdText: string): Promise<Reply> | undefined {
  const [prefix, owner, page, rank, ...search] = customIdText.split(':');
  if (prefix !== PREFIX || !owner || !page) return undefined;
  const view = {
    ownerId: Number(owner),
    page: Number(page),
    rank: rank || undefined,
    search: search.join(':') || undefined,
  };
  return guarded(ctx, async () => update(await collectionPage(ctx, view)));
}

async function collectionPage(ctx: Ctx, view: View): Promise<MessageData> {
  const me = await siteUserOf(ctx);
  const collector = await ctx.api('GET /api/collectors/:id', identityOf(ctx, me.id), {
    params: { id: view.ownerId },
  });
  const name = plain(collector.user.displayName, 100);
  if (collector.hidden && !collector.self) return { content: ctx.t('bot.collection.hidden', { name }) };
  const cards = collector.cards.filter(
    (c) =>
      (!view.rank || c.rank.toLowerCase() === view.rank.toLowerCase()) &&
      matches([c.character, ...c.Card.Character.names], view.search ?? ''),
  );
  const title = collector.self ? ctx.t('bot.collection.mine') : ctx.t('bot.collection.title', { name });
  if (cards.length === 0) {
    const empty = collector.cards.length === 0 ? 'bot.collection.empty' : 'bot.collection.noMatch';
    return { content: `**${title}**\n${ctx.t(empty)}` };
  }
  const shown = pageOf(cards, view.page, COLLECTION_PAGE);
  const idFor = (page: number) =>
    customId(PREFIX, view.ownerId, page, view.rank ?? '', (view.search ?? '').slice(0, 50));
  return {
    content: `**${title}** · ${ctx.t('bot.pageOf', { page: shown.page + 1, pages: shown.pages, count: cards.length })}`,
    embeds: shown.items.map((entry) => entryEmbed(ctx, entry)),
    components: shown.pages > 1 ? [pagingRow(ctx, shown.page, shown.pages, idFor)] : [],
  };
}

/** One card of the collection: its name, rank, copies and print numbers, the card as thumbnail. */
function entryEmbed(ctx: Ctx, entry: InventoryEntry): Embed {
  const prints = entry.printNumbers.slice(0, 10).map((n) => `\\#${n}`);
  return {
    title: plain(entry.character),
    description: [
      `${plain(entry.Card.Rank.code, 16)} · ${plain(entry.Card.Rank.title, 64)}`,
      ctx.t('bot.collection.copies', { count: entry.quantity }),
      ...(prints.length ? [prints.join(' ')] : []),
      ...(entry.limited ? [ctx.t('bot.limited')] : []),
    ].join(' · '),
    color: colorOf(entry.Card.Rank.color),
    thumbnail: { url: cardImage(ctx, entry.cardId, entry.printNumbers[0]) },
  };
}

/** Autocomplete: `search` offers the names in the member's collection, `rank` the catalogue's ranks. */
export async function collectionAutocomplete(ctx: Ctx): Promise<Choices> {
  const { name, text } = focusedText(ctx);
  const me = await siteUserOf(ctx);
  if (name === 'rank') {
    const ranks = await ctx.api('GET /api/ranks', identityOf(ctx, me.id));
    return choices(
      ranks
        .filter((r) => matches([r.code, r.title], text))
        .map((r) => ({ name: `${r.code} · ${r.title}`, value: r.code })),
    );
  }
  const owner = userOption(ctx, 'user');
  const ownerId = owner ? (await siteUserOf(ctx, owner)).id : me.id;
  const collector = await ctx.api('GET /api/collectors/:id', identityOf(ctx, me.id), {
    params: { id: ownerId },
  });
  return choices(
    collector.cards
      .filter((c) => matches([c.character, ...c.Card.Character.names], text))
      .map((c) => ({ name: c.character, value: c.character.slice(0, 50) })),
  );
}
