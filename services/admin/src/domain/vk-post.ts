import { createHash } from 'node:crypto';
import { t } from '@acg/i18n/server';
import {
  cutDiscord,
  discordInline,
  discordLink,
  discordText,
  EMBED_LIMITS,
  NO_PINGS,
} from '@acg/platform/escape';
import type { DiscordEmbed, DiscordMessageBody } from '../relay/discord';
import type { WallAttachment, WallCopy, WallPost } from '../relay/vk';

const VK_BLUE = 0x0077ff;
/** Below this many characters left for the text, the whole description is cut as one. */
const MIN_TEXT_ROOM = 200;

export const postUrl = (p: Pick<WallPost, 'owner_id' | 'id'>) => `https://vk.com/wall${p.owner_id}_${p.id}`;

/** Whether a post is for the relay: newer than the threshold, and not an advertisement. */
export const isFresh = (post: WallPost, nowSeconds: number, freshnessSeconds: number): boolean =>
  post.marked_as_ads !== 1 && post.date >= nowSeconds - freshnessSeconds;

/** The post's picture: the largest size of its first photo, or a video's preview. */
function imageOf(attachments: WallAttachment[] | undefined): string | undefined {
  for (const a of attachments ?? []) {
    const sizes = a.photo?.sizes ?? a.video?.image;
    if (sizes?.length) return [...sizes].sort((x, y) => y.width - x.width)[0]?.url;
  }
  return undefined;
}

/**
 * A Discord nonce (at most 25 characters) that is the same for the same post every time: with
 * `enforce_nonce`, Discord answers a repeated create with the message it already made.
 */
export const nonceOf = (ownerId: string | number, postId: number) =>
  createHash('sha256').update(`vk:${ownerId}_${postId}`).digest('base64url').slice(0, 25);

/** Link attachments as `title <https://…>` lines. */
const linksOf = (attachments: WallAttachment[] | undefined): string[] =>
  (attachments ?? [])
    .flatMap((a) => (a.link ? [discordLink(a.link.title ?? '', a.link.url)] : []))
    .filter(Boolean);

/**
 * Every field of an embed within Discord's limits, cut on whole characters (no half emoji, no
 * lone escaping backslash), and the description shortened further if the total would pass 6,000.
 */
export function fitEmbed(embed: DiscordEmbed): DiscordEmbed {
  const out: DiscordEmbed = { ...embed };
  if (out.title !== undefined) out.title = cutDiscord(out.title, EMBED_LIMITS.title);
  if (out.description !== undefined) out.description = cutDiscord(out.description, EMBED_LIMITS.description);
  if (out.footer) out.footer = { ...out.footer, text: cutDiscord(out.footer.text, EMBED_LIMITS.footer) };
  if (out.author) out.author = { ...out.author, name: cutDiscord(out.author.name, EMBED_LIMITS.author) };
  if (out.fields)
    out.fields = out.fields.map((f) => ({
      ...f,
      name: cutDiscord(f.name, EMBED_LIMITS.fieldName),
      value: cutDiscord(f.value, EMBED_LIMITS.fieldValue),
    }));
  const others =
    (out.title?.length ?? 0) +
    (out.footer?.text.length ?? 0) +
    (out.author?.name.length ?? 0) +
    (out.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
  if (out.description !== undefined && others + out.description.length > EMBED_LIMITS.total)
    out.description = cutDiscord(out.description, Math.max(1, EMBED_LIMITS.total - others));
  return out;
}

export interface MessageOptions {
  /** The language of the relay's own words ("repost from …"); English by default. */
  language?: string;
  /** Wall owner id → name (wall.get's extended groups and profiles), to name a repost's source. */
  owners?: ReadonlyMap<number, string>;
}

/**
 * The description: a repost's "Repost from {source} <link to the original>" line, the text (the
 * post's own, then the original's), then the link attachments. The text is cut on whole
 * characters so the repost line and the links still fit; only when they leave too little room is
 * the whole description cut as one.
 */
function describe(post: WallPost, original: WallCopy | undefined, opts: MessageOptions): string {
  const header = original
    ? discordLink(
        t(opts.language ?? 'en', 'admin.relay.repostFrom', {
          source: opts.owners?.get(original.owner_id) ?? `VK ${original.owner_id}`,
        }),
        postUrl(original),
      )
    : '';
  const text = [post.text.trim(), original?.text?.trim() ?? '']
    .filter(Boolean)
    .map((x) => discordText(x))
    .join('\n\n');
  const links = [...linksOf(post.attachments), ...linksOf(original?.attachments)].join('\n');
  // What the header, the links and the blank line after or before each of them take.
  const around = [header, links].filter(Boolean);
  const room = EMBED_LIMITS.description - around.reduce((n, part) => n + part.length + 2, 0);
  const body = room >= MIN_TEXT_ROOM ? cutDiscord(text, room) : text;
  return [header, body, links].filter(Boolean).join('\n\n');
}

/**
 * A VK wall post as a Discord message with one embed. The post's text, the group's name and the
 * link titles are third-party text: escaped for Discord markdown (@acg/platform/escape), links
 * shown with their address in full, never as masked links. A repost (its original in
 * `copy_history[0]`) relays the original's text, links and first picture under a "Repost from
 * {source}" line; a post of pictures only relays its first picture. Every field fits Discord's
 * limits, cut on whole characters.
 */
export function toDiscordMessage(
  post: WallPost,
  groupName: string,
  opts: MessageOptions = {},
): DiscordMessageBody {
  const original = post.copy_history?.[0];
  const description = describe(post, original, opts);
  const image = imageOf(post.attachments) ?? imageOf(original?.attachments);
  const name = discordInline(groupName.trim()) || `VK ${post.owner_id}`;
  return {
    embeds: [
      fitEmbed({
        title: name,
        url: postUrl(post),
        ...(description ? { description } : {}),
        timestamp: new Date(post.date * 1000).toISOString(),
        color: VK_BLUE,
        ...(image ? { image: { url: image } } : {}),
        footer: { text: 'VK' },
      }),
    ],
    nonce: nonceOf(post.owner_id, post.id),
    enforce_nonce: true,
    // A post's text must never ping @everyone or anyone else.
    allowed_mentions: NO_PINGS,
  };
}
