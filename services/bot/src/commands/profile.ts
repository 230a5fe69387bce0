import type { MessageData } from '../domain/replies';
import {
  type Ctx,
  guarded,
  identityOf,
  nameIn,
  plain,
  type Reply,
  say,
  siteUrl,
  siteUserOf,
  userOption,
} from './kit';

/** How many anime the profile lists by completion. */
const TOP_ANIME = 3;

/**
 * `/profile [user]`: the collection's counts by rank, how complete the member's most collected
 * anime are (inventory's by_anime order: most cards held first) (cards held of the anime's cards), and a link to their page on the site.
 */
export function profileCommand(ctx: Ctx): Promise<Reply> {
  return guarded(ctx, async () => {
    const me = identityOf(ctx, (await siteUserOf(ctx)).id);
    const owner = await siteUserOf(ctx, userOption(ctx, 'user') ?? ctx.who);
    const [collector, anime] = await Promise.all([
      ctx.api('GET /api/collectors/:id', me, { params: { id: owner.id } }),
      ctx.api('GET /api/anime', me),
    ]);
    const name = plain(collector.user.displayName, 100);
    const link = `${siteUrl(ctx)}/u/${owner.id}`;
    const linkRow = {
      type: 1 as const,
      components: [{ type: 2 as const, style: 5 as const, label: ctx.t('bot.profile.site'), url: link }],
    };
    if (!collector.stats)
      return say({ content: ctx.t('bot.profile.hidden', { name }), components: [linkRow] });
    const { stats } = collector;
    const byRank = stats.by_rank.filter((r) => r.count > 0).map((r) => `${plain(r.code, 16)} ${r.count}`);
    const titles = new Map(anime.map((a) => [a.id, a]));
    const top = stats.by_anime
      .map((a) => ({ a, of: titles.get(a.animeId) }))
      .filter((x) => x.of && x.of.cardCount > 0)
      .slice(0, TOP_ANIME)
      .map(({ a, of }) => {
        const percent = Math.round((a.cards / of!.cardCount) * 100);
        return `${plain(nameIn(ctx, of!.titles, of!.title), 100)}: ${a.cards}/${of!.cardCount} (${percent}%)`;
      });
    const data: MessageData = {
      embeds: [
        {
          title: name,
          url: link,
          description: ctx.t('bot.profile.cards', {
            count: stats.total_cards,
            unique: stats.unique_characters,
          }),
          color: 0x5865f2,
          fields: [
            { name: ctx.t('bot.profile.byRank'), value: byRank.join(' · ') || ctx.t('bot.profile.none') },
            { name: ctx.t('bot.profile.topAnime'), value: top.join('\n') || ctx.t('bot.profile.none') },
          ],
        },
      ],
      components: [linkRow],
    };
    return say(data);
  });
}
