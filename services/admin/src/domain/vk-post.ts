import { createHash } from 'node:crypto';
import { cutDiscord, discordInline, discordLink, discordText, NO_PINGS } from '@acg/platform/escape';
import type { DiscordMessageBody } from '../relay/discord';
import type { WallPost } from '../relay/vk';

/** Discord's limits on an embed (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const VK_BLUE = 0x0077ff;

export const postUrl = (p: Pick<WallPost, 'owner_id' | 'id'>) => `https://vk.com/wall${p.owner_id}_${p.id}`;

/** Whether a post is for the relay: newer than the threshold, and not an advertisement. */
export const isFresh = (post: WallPost, nowSeconds: number, freshnessSeconds: number): boolean =>
  post.marked_as_ads !== 1 && post.date >= nowSeconds - freshnessSeconds;

/** The post's picture: the largest size of its first photo, or a video's preview. */
function imageOf(post: WallPost): string | undefined {
  for (const a of post.attachments ?? []) {
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

/**
 * A VK wall post as a Discord message with one embed. The post's text, the group's name and the
 * link titles are third-party text: escaped for Discord markdown (@acg/platform/escape), links
 * shown with their address in full, never as masked links.
 */
export function toDiscordMessage(post: WallPost, groupName: string): DiscordMessageBody {
  const links = (post.attachments ?? [])
    .flatMap((a) => (a.link ? [discordLink(a.link.title ?? '', a.link.url)] : []))
    .filter(Boolean)
    .join('\n');
  const text = [discordText(post.text.trim()), links].filter(Boolean).join('\n\n');
  const image = imageOf(post);
  const name = discordInline(groupName.trim()) || `VK ${post.owner_id}`;
  return {
    embeds: [
      {
        title: cutDiscord(name, TITLE_MAX),
        url: postUrl(post),
        ...(text ? { description: cutDiscord(text, DESCRIPTION_MAX) } : {}),
        timestamp: new Date(post.date * 1000).toISOString(),
        color: VK_BLUE,
        ...(image ? { image: { url: image } } : {}),
        footer: { text: 'VK' },
      },
    ],
    nonce: nonceOf(post.owner_id, post.id),
    enforce_nonce: true,
    // A post's text must never ping @everyone or anyone else.
    allowed_mentions: NO_PINGS,
  };
}
