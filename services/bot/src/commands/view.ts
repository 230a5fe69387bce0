import { type CardSummary, cardsGet } from '@acg/contracts';
import { discordInline } from '@acg/platform/escape';
import { ephemeral, type MessageData } from '../domain/replies';
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
  nameIn,
  plain,
  type Reply,
  say,
  siteUserOf,
  textOption,
} from './kit';

const LIKE = 'like';

/**
 * `/view <card>`: the card (its rendered image in the member's language), its rank, the print
 * numbers of the member's copies, how many own it and how many like it, and a Like button. The
 * option's value is a card id (autocomplete offers them); typed text picks the first card whose
 * character's name has it.
 */
export function viewCommand(ctx: Ctx): Promise<Reply> {
  return guarded(ctx, async () => {
    const typed = textOption(ctx, 'card') ?? '';
    const cardId = /^\d{1,9}$/.test(typed) ? Number(typed) : await firstMatch(ctx, typed);
    const [card] = cardId ? (await ctx.bus.request(cardsGet, { ids: [cardId] })).cards : [];
    if (!card) return say(ephemeral(ctx.t('bot.view.notFound')));
    return say(await cardView(ctx, card));
  });
}

async function cardView(ctx: Ctx, card: CardSummary): Promise<MessageData> {
  const me = identityOf(ctx, (await siteUserOf(ctx)).id);
  const [likes, owners, mine] = await Promise.all([
    ctx.api('GET /api/cards/:cardId/likes', me, { params: { cardId: card.id } }),
    ctx.api('GET /api/inventory', me, { query: { card_id: card.id } }),
    ctx.api('GET /api/inventory/my', me),
  ]);
  const entry = mine.find((e) => e.cardId === card.id);
  const prints = entry?.printNumbers.slice(0, 20).map((n) => `\\#${n}`) ?? [];
  const copies = entry
    ? [ctx.t('bot.view.yourCopies', { count: entry.quantity }), ...(prints.length ? [prints.join(' ')] : [])]
    : [ctx.t('bot.view.noCopies')];
  return {
    embeds: [
      {
        title: plain(nameIn(ctx, card.characterNames, card.characterName)),
        description: [
          `${discordInline(card.rankCode)} · ${discordInline(card.rankTitle)}`,
          ...(card.limited ? [ctx.t('bot.limited')] : []),
        ].join(' · '),
        color: colorOf(card.rankColor),
        image: { url: cardImage(ctx, card.id, entry?.printNumbers[0]) },
        fields: [
          {
            name: ctx.t('bot.view.owners', { count: owners.length }),
            value: copies.join('\n'),
            inline: false,
          },
        ],
        footer: { text: ctx.t('bot.view.likes', { count: likes.likes }) },
      },
    ],
    components: [
      {
        type: 1,
        components: [
          {
            type: 2,
            style: likes.liked ? 2 : 1,
            label: likes.liked ? ctx.t('bot.view.liked') : ctx.t('bot.view.like'),
            custom_id: customId(LIKE, card.id),
            disabled: likes.liked,
          },
        ],
      },
    ],
  };
}

/** The Like button: the clicker likes the card (inventory's rules: once per member). */
export function likeButton(ctx: Ctx, id: string): Promise<Reply> | undefined {
  const match = /^like:(\d{1,9})$/.exec(id);
  if (!match) return undefined;
  return guarded(ctx, async () => {
    const me = identityOf(ctx, (await siteUserOf(ctx)).id);
    const cardId = Number(match[1]);
    const liked = await ctx.api('POST /api/cards/:cardId/like', me, { params: { cardId }, body: {} });
    return say(ephemeral(`${ctx.t('bot.view.thanks')} ${ctx.t('bot.view.likes', { count: liked.likes })}`));
  });
}

/** Cards for what the member typed: their own first, then the catalogue's (names in any language). */
async function cardChoices(ctx: Ctx, typed: string) {
  const me = identityOf(ctx, (await siteUserOf(ctx)).id);
  const [mine, characters] = await Promise.all([
    ctx.api('GET /api/inventory/my', me),
    ctx.api('GET /api/characters', me, { query: { q: typed || undefined, limit: 10 } }),
  ]);
  const own = mine
    .filter((e) => matches([e.character, ...e.Card.Character.names], typed))
    .map((e) => ({ name: `${e.character} · ${e.rank} ×${e.quantity}`, value: String(e.cardId) }));
  const catalogue = characters.flatMap((c) =>
    c.Cards.map((card) => ({
      name: `${nameIn(ctx, c.names, c.name)} · ${card.Rank.code}`,
      value: String(card.id),
    })),
  );
  return [...own, ...catalogue];
}

async function firstMatch(ctx: Ctx, typed: string): Promise<number | undefined> {
  if (!typed) return undefined;
  const [first] = await cardChoices(ctx, typed);
  return first ? Number(first.value) : undefined;
}

export async function viewAutocomplete(ctx: Ctx): Promise<Choices> {
  return choices(await cardChoices(ctx, focusedText(ctx).text));
}
