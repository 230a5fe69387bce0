import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDENTITY_HEADER, type Identity } from '@acg/contracts';
import { verifyIdentity } from '@acg/platform';

/** One call the double received: who (the verified identity) asked what. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  identity: Identity;
  body: unknown;
}

/** A route's answer: a status and a JSON body. */
export type Handler = (
  call: Call,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * The services' HTTP APIs (catalogue, inventory, trades) stood in for at the HTTP boundary, for
 * the bot's command tests: one server the bot's UPSTREAM_*_URL point at. It checks the signed
 * identity as a service does (an unsigned or forged one is anonymous, and gets the services'
 * 401), records every call, and can be slowed down (`delayMs`).
 */
export async function startServicesDouble(secret: string) {
  const routes = new Map<string, Handler>();
  const calls: Call[] = [];
  const state = { delayMs: 0 };
  const server: Server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const header = req.headers[IDENTITY_HEADER];
    const identity = verifyIdentity(typeof header === 'string' ? header : undefined, secret);
    const call = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      identity,
      body: raw ? JSON.parse(raw) : undefined,
    };
    calls.push(call);
    if (state.delayMs) await sleep(state.delayMs);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (identity.userId === null)
      return send(401, { error: 'Authentication required', code: 'authentication_required' });
    const handler = [...routes].find(([pattern]) => matches(pattern, `${call.method} ${call.path}`))?.[1];
    if (!handler) return send(404, { error: 'Not found', code: 'not_found' });
    const answer = await handler(call);
    return send(answer.status ?? 200, answer.body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    calls,
    state,
    /** `METHOD /path/:param` → handler; a later route for the same pattern replaces it. */
    route(pattern: string, handler: Handler) {
      routes.set(pattern, handler);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type ServicesDouble = Awaited<ReturnType<typeof startServicesDouble>>;

const matches = (pattern: string, actual: string) =>
  new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`).test(actual);
