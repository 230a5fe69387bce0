import type { TradeableCopy } from '@acg/contracts';
import { cutDiscord } from '@acg/platform/escape';
import { type ActionRow, ephemeral, type MessageData, type StringSelect } from '../domain/replies';
import {
  type Ctx,
  customId,
  guarded,
  identityOf,
  plain,
  type Reply,
  say,
  siteUserOf,
  update,
  userOption,
} from './kit';

/** A trade offer being built in Discord: kept 15 minutes (an interaction token's life). */
const DRAFT_TTL_SECONDS = 15 * 60;
const MAX_OPTIONS = 25;

type Option = { label: string; value: string; description: string };
interface Draft {
  /** The Discord user building it: only they may change it. */
  discordId: string;
  fromUserId: number;
  toUserId: number;
  toName: string;
  /** The copies each side could put in (at most 25 each, as a select menu holds). */
  mine: Option[];
  theirs: Option[];
  give: string[];
  get: string[];
}

/**
 * `/trade <user>`: an offer built with two select menus (your copies, their copies) and sent
 * with POST /trade/api as the member, exactly as the site's trade page sends it: the trades
 * service checks every rule (not yourself, copies free, limits) and inventory holds the copies in
 * escrow. The builder is ephemeral: only the member sees and changes it.
 */
export function tradeCommand(ctx: Ctx): Promise<Reply> {
  return guarded(ctx, async () => {
    const target = userOption(ctx, 'user');
    if (!target) return say(ephemeral(ctx.t('bot.usersOnly')));
    const [me, them] = await Promise.all([siteUserOf(ctx), siteUserOf(ctx, target)]);
    const as = identityOf(ctx, me.id);
    const [mine, theirs] = await Promise.all(
      [me.id, them.id].map((id) => ctx.api('GET /api/inventory/tradeable', as, { query: { user_id: id } })),
    );
    const draft: Draft = {
      discordId: ctx.who.id,
      fromUserId: me.id,
      toUserId: them.id,
      toName: target.username,
      mine: options(mine!),
      theirs: options(theirs!),
      give: [],
      get: [],
    };
    if (!draft.mine.length && !draft.theirs.length) return say(ephemeral(ctx.t('bot.offer.noCopies')));
    await ctx.drafts.set(ctx.interaction.id, draft, DRAFT_TTL_SECONDS);
    return say({ ...builder(ctx, ctx.interaction.id, draft), flags: 64 });
  });
}

const options = (copies: readonly TradeableCopy[]): Option[] =>
  copies
    .filter((c) => c.free > 0)
    .slice(0, MAX_OPTIONS)
    .map((c) => ({
      label: cutDiscord(`${c.characterName} · ${c.rank.code}`, 100),
      value: String(c.inventoryId),
      description: `×${c.free}`,
    }));

/** The builder message: what each side puts in so far, the two menus, Send and Cancel. */
function builder(ctx: Ctx, draftId: string, draft: Draft): MessageData {
  const list = (picked: string[], from: Option[]) =>
    picked.map((v) => plain(from.find((o) => o.value === v)?.label ?? v, 100)).join(', ') ||
    ctx.t('bot.offer.nothing');
  const select = (side: 'give' | 'get', from: Option[]): ActionRow => {
    const menu: StringSelect = {
      type: 3,
      custom_id: customId('tr', draftId, side),
      placeholder: ctx.t(side === 'give' ? 'bot.offer.give' : 'bot.offer.get'),
      min_values: 0,
      max_values: from.length,
      options: from.map((o) => ({ ...o, default: draft[side].includes(o.value) })),
    };
    return { type: 1, components: [menu] };
  };
  return {
    content: [
      ctx.t('bot.offer.intro', { name: plain(draft.toName, 100) }),
      `${ctx.t('bot.offer.youGive')}: ${list(draft.give, draft.mine)}`,
      `${ctx.t('bot.offer.youGet')}: ${list(draft.get, draft.theirs)}`,
    ].join('\n'),
    components: [
      ...(draft.mine.length ? [select('give', draft.mine)] : []),
      ...(draft.theirs.length ? [select('get', draft.theirs)] : []),
      {
        type: 1,
        components: [
          { type: 2, style: 3, label: ctx.t('bot.offer.send'), custom_id: customId('tr', draftId, 'send') },
          {
            type: 2,
            style: 2,
            label: ctx.t('bot.offer.cancel'),
            custom_id: customId('tr', draftId, 'cancel'),
          },
        ],
      },
    ],
  };
}

/** The builder's menus and buttons (`tr:<draft>:give|get|send|cancel`). */
export function tradeComponent(ctx: Ctx, id: string): Promise<Reply> | undefined {
  const match = /^tr:(\d{1,25}):(give|get|send|cancel)$/.exec(id);
  if (!match) return undefined;
  const [, draftId, step] = match as unknown as [string, string, 'give' | 'get' | 'send' | 'cancel'];
  return guarded(ctx, async () => {
    const draft = await ctx.drafts.get<Draft>(draftId);
    if (!draft) return update({ content: ctx.t('bot.offer.expired'), components: [] });
    if (draft.discordId !== ctx.who.id) return say(ephemeral(ctx.t('bot.offer.notYours')));
    if (step === 'cancel') {
      await ctx.drafts.delete(draftId);
      return update({ content: ctx.t('bot.offer.cancelled'), components: [] });
    }
    if (step === 'send') return sendOffer(ctx, draftId, draft);
    const allowed = new Set((step === 'give' ? draft.mine : draft.theirs).map((o) => o.value));
    draft[step] = (ctx.interaction.data?.values ?? []).filter((v) => allowed.has(v));
    await ctx.drafts.set(draftId, draft, DRAFT_TTL_SECONDS);
    return update(builder(ctx, draftId, draft));
  });
}

/** Send: the site's trade API decides; a refusal leaves the builder as it is. */
async function sendOffer(ctx: Ctx, draftId: string, draft: Draft): Promise<Reply> {
  const items = (ids: string[]) => ids.map((v) => ({ inventoryId: Number(v), quantity: 1 }));
  const trade = await ctx.api('POST /trade/api', identityOf(ctx, draft.fromUserId), {
    body: { toUserId: draft.toUserId, fromItems: items(draft.give), toItems: items(draft.get) },
  });
  await ctx.drafts.delete(draftId);
  return update({
    content: ctx.t('bot.offer.sent', { id: trade.id, name: plain(draft.toName, 100) }),
    components: [],
  });
}
