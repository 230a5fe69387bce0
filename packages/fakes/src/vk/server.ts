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

/** The fake's walls, owners and request log, and how wall.get answers from them. */
class VkWorld {
  readonly walls = new Map<number, VkPost[]>();
  readonly closedWalls = new Set<number>([-1]);
  readonly requests: VkRequest[] = [];
  readonly groups = new Map<number, VkGroupInfo>();
  readonly profiles = new Map<number, VkProfileInfo>();
  private readonly recent = new Map<string, number[]>();
  forcedLimits = 0;
  nextId = 1000;
  address = '';

  constructor(
    private readonly tokens: Set<string>,
    private readonly perSecond: number,
  ) {}

  addOwner(ownerId: number, name: string, screenName?: string): void {
    const photo = (size: number) => `${this.address}/photos/owner${ownerId}.jpg?size=${size}`;
    if (ownerId < 0) {
      this.groups.set(-ownerId, {
        id: -ownerId,
        name,
        screen_name: screenName ?? `club${-ownerId}`,
        is_closed: 0,
        type: 'page',
        photo_50: photo(50),
        photo_100: photo(100),
        photo_200: photo(200),
      });
      return;
    }
    const [first = name, ...last] = name.split(' ');
    this.profiles.set(ownerId, {
      id: ownerId,
      first_name: first,
      last_name: last.join(' '),
      screen_name: screenName ?? `id${ownerId}`,
      photo_50: photo(50),
      photo_100: photo(100),
    });
  }

  /** Puts a post on top of a wall. */
  push(ownerId: number, post: VkPost): VkPost {
    this.walls.set(ownerId, [post, ...(this.walls.get(ownerId) ?? [])]);
    return post;
  }

  /** VK's refusals, in VK's order: token, version, rate, owner, wall state; undefined when none. */
  private refusal(params: Record<string, string>) {
    const token = params.access_token ?? '';
    if (!this.tokens.has(token))
      return vkError(5, 'User authorization failed: invalid access_token (4).', params);
    if (!params.v) return vkError(8, 'Invalid request: v (version) is required', params);
    const now = Date.now();
    const window = (this.recent.get(token) ?? []).filter((t) => now - t < 1000);
    window.push(now);
    this.recent.set(token, window);
    if (this.forcedLimits > 0 || window.length > this.perSecond) {
      if (this.forcedLimits > 0) this.forcedLimits--;
      return vkError(6, 'Too many requests per second', params);
    }
    const ownerId = Number(params.owner_id);
    if (!Number.isInteger(ownerId) || ownerId === 0)
      return vkError(
        100,
        'One of the parameters specified was missing or invalid: owner_id is undefined',
        params,
      );
    if (this.closedWalls.has(ownerId)) return vkError(15, 'Access denied: wall is disabled', params);
    if (!this.walls.has(ownerId)) return vkError(18, 'User was deleted or banned', params);
    return undefined;
  }

  wallGet(params: Record<string, string>) {
    this.requests.push({ method: 'wall.get', params, at: Date.now() });
    const refused = this.refusal(params);
    if (refused) return refused;
    const posts = this.walls.get(Number(params.owner_id)) ?? [];
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
        profiles: [...owners].flatMap((o) => (o > 0 && this.profiles.has(o) ? [this.profiles.get(o)!] : [])),
        groups: [...owners].flatMap((o) => (o < 0 && this.groups.has(-o) ? [this.groups.get(-o)!] : [])),
      },
    };
  }
}

/** The fake's HTTP side: health, photos, wall.get (GET and POST) and VK's unknown-method error. */
async function vkApp(world: VkWorld) {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(formbody);
  app.get('/healthz', async () => ({ status: 'ok', service: 'fake-vk' }));
  app.get('/photos/:name', async (req, reply) => {
    const size = Number((req.query as { size?: string }).size ?? 604);
    const width = Number.isFinite(size) && size > 0 && size <= 1280 ? size : 604;
    const image = await drawImage(width, Math.round((width * 2) / 3), 'hsl(210, 55%, 55%)', 'jpeg');
    return reply.type('image/jpeg').send(image);
  });
  const wallGet = async (req: FastifyRequest) =>
    world.wallGet({
      ...(req.query as Record<string, string>),
      ...((req.body as Record<string, string> | undefined) ?? {}),
    });
  app.get('/method/wall.get', wallGet);
  app.post('/method/wall.get', wallGet);
  app.all('/method/:name', async (req) =>
    vkError(3, 'Unknown method passed', req.query as Record<string, string>),
  );
  return app;
}

/**
 * A real HTTP server imitating VK's API for wall.get, at VK's path (`/method/wall.get`), so only
 * the base URL differs from production. Answers are HTTP 200 with `response` or `error`, as VK's
 * are: 5 (authorization failed), 6 (too many requests per second), 15/18/100 for walls that are
 * closed, deleted or unknown. Photo URLs point at the fake itself, which serves real JPEGs.
 * With `extended=1` the answer also lists `groups` and `profiles` (the owners of the items and of
 * the originals they repost), as VK's does.
 */
export async function startFakeVk(opts: FakeVkOptions = {}): Promise<FakeVk> {
  const world = new VkWorld(new Set(opts.tokens ?? [FAKE_VK_TOKEN]), opts.perSecond ?? 20);
  const app = await vkApp(world);
  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  world.address = address;
  world.addOwner(DEMO_GROUP_ID, DEMO_GROUP_NAME, 'anime_cards');
  world.addOwner(REPOST_SOURCE_ID, REPOST_SOURCE_NAME, 'aninews');
  if (opts.demo ?? true)
    world.walls.set(DEMO_GROUP_ID, demoWall(address, DEMO_GROUP_ID, Math.floor(Date.now() / 1000)));
  const at = (ageSeconds = 0) => Math.floor(Date.now() / 1000) - ageSeconds;

  const fake: FakeVk = {
    url: `${address}/method`,
    addPost(ownerId, text, o = {}) {
      const { ageSeconds = 0, id, ...extras } = o;
      return world.push(
        ownerId,
        makePost(address, ownerId, id ?? world.nextId++, at(ageSeconds), text, extras),
      );
    },
    wall: (ownerId) => world.walls.get(ownerId) ?? [],
    addRepost(ownerId, originalText, o = {}) {
      const date = at(o.ageSeconds);
      const post = makeRepost(address, ownerId, world.nextId++, date, {
        ownerId: o.sourceId ?? REPOST_SOURCE_ID,
        id: world.nextId++,
        date: date - 3600,
        text: originalText,
        ...(o.link ? { link: o.link } : {}),
      });
      return world.push(ownerId, post);
    },
    addPicturePost(ownerId, o = {}) {
      return world.push(ownerId, makePicturePost(address, ownerId, world.nextId++, at(o.ageSeconds)));
    },
    addLongPost(ownerId, o = {}) {
      return fake.addPost(ownerId, longPostText(o.length ?? 5000), { ageSeconds: o.ageSeconds ?? 0 });
    },
    addOwner: (ownerId, name, screenName) => world.addOwner(ownerId, name, screenName),
    rateLimitNext(n) {
      world.forcedLimits = n;
    },
    requests: world.requests,
    close: () => app.close(),
  };
  return fake;
}
