import formbody from '@fastify/formbody';
import Fastify, { type FastifyRequest } from 'fastify';
import { drawImage } from '../images/raster';
import {
  DEMO_GROUP_ID,
  DEMO_GROUP_NAME,
  demoWall,
  longPostText,
  makePicturePost,
  makePost,
  makeRepost,
  REPOST_SOURCE_ID,
  REPOST_SOURCE_NAME,
  type VkGroupInfo,
  type VkPost,
  type VkProfileInfo,
} from './posts';

/** The access token the fake accepts (VK's are long opaque strings; any other is refused). */
export const FAKE_VK_TOKEN = 'vk1.a.fake-service-token-0123456789';

export interface FakeVkOptions {
  port?: number;
  host?: string;
  /** Accepted access tokens; defaults to FAKE_VK_TOKEN. */
  tokens?: readonly string[];
  /** Seed the demo community's wall (default true). */
  demo?: boolean;
  /** VK's per-token limit (requests per second) before error 6; default 20. */
  perSecond?: number;
}

export interface VkRequest {
  method: string;
  params: Record<string, string>;
  at: number;
}

export interface FakeVk {
  /** Base URL standing in for https://api.vk.com/method (no trailing slash). */
  url: string;
  /** Adds a post on top of an owner's wall (newest first, as VK lists them). */
  addPost(
    ownerId: number,
    text: string,
    opts?: { ageSeconds?: number; id?: number } & Partial<VkPost>,
  ): VkPost;
  wall(ownerId: number): VkPost[];
  /**
   * A repost on `ownerId`'s wall of a post from `sourceId`'s wall (default: the fake's news
   * community): empty text, the original with two photos and a link in `copy_history[0]`.
   */
  addRepost(
    ownerId: number,
    originalText: string,
    opts?: { ageSeconds?: number; sourceId?: number; link?: { url: string; title: string } },
  ): VkPost;
  /** A post of two pictures and no text. */
  addPicturePost(ownerId: number, opts?: { ageSeconds?: number }): VkPost;
  /** A post of `length` UTF-16 units (default 5,000) with emoji around Discord's 4,096 limit. */
  addLongPost(ownerId: number, opts?: { ageSeconds?: number; length?: number }): VkPost;
  /** Names a community (negative id) or a user (positive id) for `extended=1` answers. */
  addOwner(ownerId: number, name: string, screenName?: string): void;
  /** The next `n` calls answer error 6 (Too many requests per second). */
  rateLimitNext(n: number): void;
  /** Every method call received, oldest first. */
  requests: VkRequest[];
  close(): Promise<void>;
}

const vkError = (code: number, msg: string, params: Record<string, string>) => ({
  error: {
    error_code: code,
    error_msg: msg,
    request_params: Object.entries(params)
      .filter(([k]) => k !== 'access_token')
      .map(([key, value]) => ({ key, value })),
  },
});

/**
 * A real HTTP server imitating VK's API for wall.get, at VK's path (`/method/wall.get`), so only
 * the base URL differs from production. Answers are HTTP 200 with `response` or `error`, as VK's
 * are: 5 (authorization failed), 6 (too many requests per second), 15/18/100 for walls that are
 * closed, deleted or unknown. Photo URLs point at the fake itself, which serves real JPEGs.
 * With `extended=1` the answer also lists `groups` and `profiles` (the owners of the items and of
 * the originals they repost), as VK's does.
 */
export async function startFakeVk(opts: FakeVkOptions = {}): Promise<FakeVk> {
  const tokens = new Set(opts.tokens ?? [FAKE_VK_TOKEN]);
  const perSecond = opts.perSecond ?? 20;
  const walls = new Map<number, VkPost[]>();
  const closedWalls = new Set<number>();
  const requests: VkRequest[] = [];
  const recent = new Map<string, number[]>();
  let forcedLimits = 0;
  let nextId = 1000;
  const groups = new Map<number, VkGroupInfo>();
  const profiles = new Map<number, VkProfileInfo>();
  let address = '';
  const addOwner = (ownerId: number, name: string, screenName?: string) => {
    const photo = (size: number) => `${address}/photos/owner${ownerId}.jpg?size=${size}`;
    if (ownerId < 0)
      groups.set(-ownerId, {
        id: -ownerId,
        name,
        screen_name: screenName ?? `club${-ownerId}`,
        is_closed: 0,
        type: 'page',
        photo_50: photo(50),
        photo_100: photo(100),
        photo_200: photo(200),
      });
    else {
      const [first = name, ...last] = name.split(' ');
      profiles.set(ownerId, {
        id: ownerId,
        first_name: first,
        last_name: last.join(' '),
        screen_name: screenName ?? `id${ownerId}`,
        photo_50: photo(50),
        photo_100: photo(100),
      });
    }
  };

  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(formbody);
  app.get('/healthz', async () => ({ status: 'ok', service: 'fake-vk' }));
  app.get('/photos/:name', async (req, reply) => {
    const size = Number((req.query as { size?: string }).size ?? 604);
    const width = Number.isFinite(size) && size > 0 && size <= 1280 ? size : 604;
    const image = await drawImage(width, Math.round((width * 2) / 3), 'hsl(210, 55%, 55%)', 'jpeg');
    return reply.type('image/jpeg').send(image);
  });

  const wallGet = async (req: FastifyRequest) => {
    const params = {
      ...(req.query as Record<string, string>),
      ...((req.body as Record<string, string> | undefined) ?? {}),
    };
    requests.push({ method: 'wall.get', params, at: Date.now() });
    const token = params.access_token ?? '';
    if (!tokens.has(token)) return vkError(5, 'User authorization failed: invalid access_token (4).', params);
    if (!params.v) return vkError(8, 'Invalid request: v (version) is required', params);
    const now = Date.now();
    const window = (recent.get(token) ?? []).filter((t) => now - t < 1000);
    window.push(now);
    recent.set(token, window);
    if (forcedLimits > 0 || window.length > perSecond) {
      if (forcedLimits > 0) forcedLimits--;
      return vkError(6, 'Too many requests per second', params);
    }
    const ownerId = Number(params.owner_id);
    if (!Number.isInteger(ownerId) || ownerId === 0)
      return vkError(
        100,
        'One of the parameters specified was missing or invalid: owner_id is undefined',
        params,
      );
    if (closedWalls.has(ownerId)) return vkError(15, 'Access denied: wall is disabled', params);
    const posts = walls.get(ownerId);
    if (!posts) return vkError(18, 'User was deleted or banned', params);
    const count = Math.min(Math.max(Number(params.count ?? 20) || 20, 1), 100);
    const offset = Math.max(Number(params.offset ?? 0) || 0, 0);
    const pinned = posts.filter((p) => p.is_pinned);
    const ordered = [...pinned, ...posts.filter((p) => !p.is_pinned).sort((a, b) => b.date - a.date)];
    const items = ordered.slice(offset, offset + count);
    if (params.extended !== '1') return { response: { count: posts.length, items } };
    // extended=1: the communities and users the items (and their reposted originals) mention.
    const owners = new Set(
      items.flatMap((p) => [
        p.owner_id,
        p.from_id,
        ...(p.copy_history ?? []).flatMap((c) => [c.owner_id, c.from_id]),
      ]),
    );
    return {
      response: {
        count: posts.length,
        items,
        profiles: [...owners].flatMap((o) => (o > 0 && profiles.has(o) ? [profiles.get(o)!] : [])),
        groups: [...owners].flatMap((o) => (o < 0 && groups.has(-o) ? [groups.get(-o)!] : [])),
      },
    };
  };
  app.get('/method/wall.get', wallGet);
  app.post('/method/wall.get', wallGet);
  app.all('/method/:name', async (req) => {
    const params = req.query as Record<string, string>;
    return vkError(3, 'Unknown method passed', params);
  });

  address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  addOwner(DEMO_GROUP_ID, DEMO_GROUP_NAME, 'anime_cards');
  addOwner(REPOST_SOURCE_ID, REPOST_SOURCE_NAME, 'aninews');
  if (opts.demo ?? true)
    walls.set(DEMO_GROUP_ID, demoWall(address, DEMO_GROUP_ID, Math.floor(Date.now() / 1000)));
  closedWalls.add(-1);

  const fake: FakeVk = {
    url: `${address}/method`,
    addPost(ownerId, text, o = {}) {
      const { ageSeconds = 0, id, ...extras } = o;
      const post = makePost(
        address,
        ownerId,
        id ?? nextId++,
        Math.floor(Date.now() / 1000) - ageSeconds,
        text,
        extras,
      );
      walls.set(ownerId, [post, ...(walls.get(ownerId) ?? [])]);
      return post;
    },
    wall: (ownerId) => walls.get(ownerId) ?? [],
    addRepost(ownerId, originalText, o = {}) {
      const date = Math.floor(Date.now() / 1000) - (o.ageSeconds ?? 0);
      const post = makeRepost(address, ownerId, nextId++, date, {
        ownerId: o.sourceId ?? REPOST_SOURCE_ID,
        id: nextId++,
        date: date - 3600,
        text: originalText,
        ...(o.link ? { link: o.link } : {}),
      });
      walls.set(ownerId, [post, ...(walls.get(ownerId) ?? [])]);
      return post;
    },
    addPicturePost(ownerId, o = {}) {
      const post = makePicturePost(
        address,
        ownerId,
        nextId++,
        Math.floor(Date.now() / 1000) - (o.ageSeconds ?? 0),
      );
      walls.set(ownerId, [post, ...(walls.get(ownerId) ?? [])]);
      return post;
    },
    addLongPost(ownerId, o = {}) {
      return fake.addPost(ownerId, longPostText(o.length ?? 5000), { ageSeconds: o.ageSeconds ?? 0 });
    },
    addOwner,
    rateLimitNext(n) {
      forcedLimits = n;
    },
    requests,
    close: () => app.close(),
  };
  return fake;
}
