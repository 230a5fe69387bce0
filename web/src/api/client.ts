import type { ClientRoute, ClientRoutes } from '@acg/contracts';
import { HttpError } from './http';

/**
 * The typed HTTP client: every call names a route of the client contract ("METHOD path",
 * packages/contracts/src/client-contract.ts), and the compiler checks its parameters, query, body
 * and the use of its answer. The types come from the server's zod schemas with `import type`: no
 * schema travels to the browser, and the answer is trusted as the contract describes it.
 */
type Def<K extends ClientRoute> = ClientRoutes[K];
type Part<K extends ClientRoute, P extends string> = P extends keyof Def<K>
  ? { [F in P]: Def<K>[P] }
  : { [F in P]?: undefined };
export type RouteInput<K extends ClientRoute> = Part<K, 'params'> & Part<K, 'query'> & Part<K, 'body'>;
export type RouteAnswer<K extends ClientRoute> = Def<K>['response'];
/** The input argument: optional for a route that takes nothing. */
export type InputArg<K extends ClientRoute> =
  object extends RouteInput<K> ? [input?: RouteInput<K>] : [input: RouteInput<K>];

/** The request could not be made or got no answer (offline, DNS, a dropped connection). */
export class NetworkError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'NetworkError';
  }
}

interface Loose {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/**
 * The URL of a call: `:name` segments filled in (encoded), then the query in the order given,
 * leaving out undefined and null values. The preloaded first calls (app/first-calls.ts) use it
 * too, so the page's own request is the very URL the document preloaded.
 */
export const urlOf = <K extends ClientRoute>(route: K, ...[input]: InputArg<K>): string =>
  buildUrl(route, input as Loose | undefined);

function buildUrl(route: string, input: Loose | undefined): string {
  const { params, query } = input ?? {};
  const path = route.slice(route.indexOf(' ') + 1).replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(key, String(value));
  return search.size > 0 ? `${path}?${search}` : path;
}

/** The server answered 2xx with something the page cannot show (a check of the call refused it). */
export class UnexpectedAnswer extends Error {
  constructor(readonly body: unknown) {
    super('unexpected answer');
    this.name = 'UnexpectedAnswer';
  }
}

export interface Answer<T> {
  data: T;
  headers: Headers;
}

/** A same-origin JSON request: a JSON body when there is one, JSON asked for in return. */
export const jsonInit = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  credentials: 'same-origin',
  headers:
    body === undefined
      ? { accept: 'application/json' }
      : { accept: 'application/json', 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
  signal,
});

/**
 * One call, with the answer's headers (paging totals travel in them). `cache` 'no-cache' asks the
 * server again even when the browser holds a fresh copy (an editor must start from what is saved).
 */
export async function callRoute<K extends ClientRoute>(
  route: K,
  input?: RouteInput<K>,
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<Answer<RouteAnswer<K>>> {
  const method = route.slice(0, route.indexOf(' '));
  const body = (input as Loose | undefined)?.body;
  const url = buildUrl(route, input as Loose | undefined);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...jsonInit(method, body, signal), ...(cache ? { cache } : {}) });
    text = await response.text();
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError(err);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new HttpError(response.status, parsed);
  return { data: parsed as RouteAnswer<K>, headers: response.headers };
}

/** One call's answer body. */
export const request = async <K extends ClientRoute>(
  route: K,
  input?: RouteInput<K>,
  signal?: AbortSignal,
  cache?: RequestCache,
): Promise<RouteAnswer<K>> => (await callRoute(route, input, signal, cache)).data;
