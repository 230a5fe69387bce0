import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@acg/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { discordWebhooks } from './webhooks';

/**
 * The follow-up edit against a stand-in for Discord's webhook endpoint on loopback, answering
 * each request as the test scripts it (the fake Discord always accepts, so it cannot show the
 * retries).
 */
type Answer = (req: IncomingMessage, res: ServerResponse) => void;
const status =
  (code: number, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(code, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify({ message: `status ${code}` }));
  };
const hangUp: Answer = (req) => req.socket.destroy();

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function discordAnswering(...script: Answer[]) {
  const seen: Array<{ at: number; method: string; url: string; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ at: performance.now(), method: req.method!, url: req.url!, body });
      (script[seen.length - 1] ?? script.at(-1)!)(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  servers.push({ close: () => server.close() });
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}/api/v10`, seen };
}

const logger = createLogger('bot-test', 'silent');
const message = { content: 'Frieren', flags: 64 };

describe('discord webhooks: editing the original message', () => {
  it('retries Discord failures, rate limits and dropped connections, then delivers', async () => {
    const discord = await discordAnswering(
      status(500),
      status(429, { 'retry-after': '0.01' }),
      hangUp,
      status(200),
    );
    const hooks = discordWebhooks(discord.base, logger, { retries: 3, minDelayMs: 1 });
    await hooks.editOriginal('app1', 'tok/en', message);
    expect(discord.seen).toHaveLength(4);
    for (const request of discord.seen) {
      expect(request.method).toBe('PATCH');
      expect(request.url).toBe('/api/v10/webhooks/app1/tok%2Fen/messages/@original');
      // Sent as given, and pinging no one.
      expect(JSON.parse(request.body)).toEqual({ ...message, allowed_mentions: { parse: [] } });
    }
  });

  it('waits at least what Retry-After asks', async () => {
    const discord = await discordAnswering(status(429, { 'retry-after': '0.3' }), status(200));
    await discordWebhooks(discord.base, logger, { minDelayMs: 1 }).editOriginal('app', 'token', message);
    expect(discord.seen).toHaveLength(2);
    // A lower bound only: a slow machine makes the gap longer, never shorter.
    expect(discord.seen[1]!.at - discord.seen[0]!.at).toBeGreaterThanOrEqual(290);
  });

  it('gives up after its retries with the last failure', async () => {
    const discord = await discordAnswering(status(503));
    const hooks = discordWebhooks(discord.base, logger, { minDelayMs: 1 });
    await expect(hooks.editOriginal('app', 'token', message)).rejects.toThrow('Discord answered 503');
    expect(discord.seen).toHaveLength(3);
  });

  it('does not retry an answer that another try cannot change', async () => {
    const discord = await discordAnswering(status(400), status(200));
    const hooks = discordWebhooks(discord.base, logger, { minDelayMs: 1 });
    await expect(hooks.editOriginal('app', 'token', message)).rejects.toThrow(
      'Discord answered 400 to the follow-up: {"message":"status 400"}',
    );
    expect(discord.seen).toHaveLength(1);
  });
});
