import { createPublicKey, verify } from 'node:crypto';
import Fastify from 'fastify';

export interface Received {
  body: Record<string, unknown>;
  /** Whether the Ed25519 signature checked out against the key given to the receiver. */
  verified: boolean;
}

/**
 * For the fake's own tests: an interactions endpoint that checks signatures the way a bot must
 * (Ed25519 over timestamp + raw body) and answers with whatever `answer` returns.
 */
export async function startReceiver(
  publicKeyHex: string,
  answer: (body: Record<string, unknown>) => Promise<unknown> | unknown,
) {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
  const received: Received[] = [];
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/interactions', async (req, reply) => {
    const raw = req.body as Buffer;
    const timestamp = String(req.headers['x-signature-timestamp'] ?? '');
    const signature = Buffer.from(String(req.headers['x-signature-ed25519'] ?? ''), 'hex');
    const verified = verify(null, Buffer.concat([Buffer.from(timestamp), raw]), key, signature);
    const body = JSON.parse(raw.toString()) as Record<string, unknown>;
    received.push({ body, verified });
    if (!verified) return reply.code(401).send({ error: 'invalid request signature' });
    return answer(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/interactions`, received, close: () => app.close() };
}
