import {
  type ClientRoutes,
  IDENTITY_HEADER,
  type Identity,
  routes,
  type ServiceName,
  system,
} from '@acg/contracts';
import { AppError, signIdentity, UnavailableError } from '@acg/platform';

/** Every call the bot makes is one the web makes too (contracts' client routes). */
export type BotRoutes = ClientRoutes;
export type RouteKey = keyof BotRoutes;
type Request<K extends RouteKey> = Omit<BotRoutes[K], 'response'>;
export type Answer<K extends RouteKey> = BotRoutes[K] extends { response: infer R } ? R : never;

/** How long one call may take: Discord's 3 s are the bot's whole budget. */
const TIMEOUT_MS = 10_000;

/**
 * A refusal by a service (a 4xx): its message is already in the caller's language (the identity
 * carries it), so the bot shows it as it is.
 */
export class ServiceRefusal extends AppError {}

/** `UPSTREAM_<NAME>_URL` or `http://UPSTREAM_HOST:<port>` of each service the bot calls. */
export type ServiceUrls = (service: ServiceName) => string;
export const serviceUrls =
  (given: Partial<Record<ServiceName, string>>, host: string): ServiceUrls =>
  (service) =>
    (given[service]?.split(',')[0]?.trim() || `http://${host}:${system[service].port}`).replace(/\/+$/, '');

const ownerOf = (method: string, path: string): ServiceName => {
  const route = routes.find((r) => r.method === method && r.path === path);
  if (route && route.service !== 'gateway') return route.service as ServiceName;
  throw new Error(`no service owns ${method} ${path}`);
};

/**
 * The services' HTTP APIs as the website calls them, as one site user: the bot signs that user's
 * identity (platform/identity, INTERNAL_SECRET) the way the gateway does for a signed-in
 * browser, so every rule the services enforce for the site holds for the bot too. A 4xx is a
 * ServiceRefusal with the service's message; no answer, a timeout or a 5xx is a 503.
 */
export function serviceApi(urls: ServiceUrls, secret: string) {
  return async function call<K extends RouteKey>(
    key: K,
    identity: Identity,
    request: Request<K> = {} as Request<K>,
  ): Promise<Answer<K>> {
    const [method, path] = (key as string).split(' ') as [string, string];
    const { params, query, body } = request as {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | undefined>;
      body?: unknown;
    };
    const filled = path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params?.[name])));
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {}))
      if (value !== undefined) search.set(name, String(value));
    const url = `${urls(ownerOf(method, path))}${filled}${search.size ? `?${search}` : ''}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          'accept-language': identity.language,
          [IDENTITY_HEADER]: signIdentity(identity, secret),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new UnavailableError(undefined, { service: ownerOf(method, path), reason: String(err) });
    }
    const json = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (res.ok) return json as Answer<K>;
    if (res.status >= 400 && res.status < 500) {
      const message = typeof json?.error === 'string' ? json.error : `HTTP ${res.status}`;
      throw new ServiceRefusal(res.status, String(json?.code ?? 'refused'), message, json?.details);
    }
    throw new UnavailableError(undefined, { service: ownerOf(method, path), status: res.status });
  };
}
export type ServiceApi = ReturnType<typeof serviceApi>;
