import formbody from '@fastify/formbody';
import Fastify, { type FastifyRequest } from 'fastify';
import { drawImage } from '../images/raster';
import { DEMO_GROUP_ID, demoWall, makePost, type VkPost } from './posts';

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
    return { response: { count: posts.length, items: ordered.slice(offset, offset + count) } };
  };
  app.get('/method/wall.get', wallGet);
  app.post('/method/wall.get', wallGet);
  app.all('/method/:name', async (req) => {
    const params = req.query as Record<string, string>;
    return vkError(3, 'Unknown method passed', params);
  });

  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  if (opts.demo ?? true)
    walls.set(DEMO_GROUP_ID, demoWall(address, DEMO_GROUP_ID, Math.floor(Date.now() / 1000)));
  closedWalls.add(-1);

  return {
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
    rateLimitNext(n) {
      forcedLimits = n;
    },
    requests,
    close: () => app.close(),
  };
}
