import { defineRpc } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger';
import { answerRequest, decodeReply } from './rpc-wire';

/**
 * A request/reply handler that meets a lost database or cache answers its caller 503, which the
 * caller's own error handler then answers as 503 too (rules §48); a bug stays a 500.
 */
const ping = defineRpc('test.wire.ping', z.object({}), z.object({ ok: z.boolean() }), 500);
const logger = createLogger('rpc-wire-test', 'silent');
const reply = (thrown: unknown) =>
  answerRequest(
    ping,
    async () => {
      throw thrown;
    },
    '{}',
    {},
    logger,
  );

describe('an RPC handler failing', () => {
  it('on a lost dependency is the caller’s 503', async () => {
    // What drizzle throws when pg's connection was terminated: the pg error is its cause.
    const terminated = Object.assign(new Error('Failed query: select 1'), {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    });
    for (const thrown of [
      terminated,
      new Error('Connection terminated unexpectedly'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ]) {
      const text = await reply(thrown);
      expect(() => decodeReply(ping, text)).toThrow(
        expect.objectContaining({ status: 503, code: 'service_unavailable' }),
      );
    }
  });

  it('on anything else is still a 500', async () => {
    const text = await reply(new TypeError('x is undefined'));
    expect(() => decodeReply(ping, text)).toThrow(
      expect.objectContaining({ status: 500, code: 'internal_error' }),
    );
  });
});
