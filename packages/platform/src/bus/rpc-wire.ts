import { type RpcDef, type RpcError, rpcErrorSchema } from '@acg/contracts';
import type { ServerKey } from '@acg/i18n/server';
import { z } from 'zod';
import { AppError, ServerText, ValidationError, wasLogged } from '../errors';
import type { Logger } from '../logger';
import { asOutage } from '../outage';
import type { RpcContext } from './types';

/**
 * What travels on a request/reply subject, shared by both buses so the in-process bus
 * behaves exactly like the wire: the sender checks its payload against the schema and sends
 * the value as given (JSON), the receiver parses it (defaults and transforms apply there).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const replySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: rpcErrorSchema }),
]);
type Reply = z.infer<typeof replySchema>;

const issuesOf = (error: z.ZodError) => ({
  issues: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
});

/** Caller side: validates and serialises the request; a bad request is the caller's 400. */
export function encodeRequest(def: RpcDef, data: unknown): string {
  const checked = def.request.safeParse(data);
  if (!checked.success)
    throw new ValidationError(`Invalid request for ${def.subject}`, issuesOf(checked.error));
  return JSON.stringify(data ?? null);
}

/** Caller side: turns a reply back into the handler's value or its AppError. */
export function decodeReply<Res extends z.ZodType>(def: RpcDef<z.ZodType, Res>, text: string): z.output<Res> {
  let reply: Reply;
  try {
    reply = replySchema.parse(JSON.parse(text));
  } catch {
    throw new AppError(500, 'internal_error', `Malformed reply from ${def.subject}`);
  }
  if (!reply.ok) {
    const { status, code, message, details, text } = reply.error;
    // A server text's key came from a process of this system (its own i18n files).
    const said = text ? new ServerText(text.key as ServerKey, text.values) : message;
    throw new AppError(status, code, said, details);
  }
  const parsed = def.response.safeParse(reply.data);
  if (!parsed.success) {
    throw new AppError(500, 'internal_error', `Invalid reply from ${def.subject}`, issuesOf(parsed.error));
  }
  return parsed.data;
}

/** A server text's values as JSON carries them (a nested text said in English: the caller cannot know it). */
const wireValues = (text: ServerText): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(text.values).map(([name, value]) => [
      name,
      value instanceof ServerText ? value.in('en') : value,
    ]),
  );

const errorReply = (error: RpcError): string => JSON.stringify({ ok: false, error } satisfies Reply);

/**
 * Serving side: runs the handler for one raw request and always produces a reply text, so a
 * failing handler answers the caller at once instead of leaving it to time out.
 */
export async function answerRequest(
  def: RpcDef,
  handler: (data: unknown, ctx: RpcContext) => Promise<unknown>,
  text: string,
  ctx: RpcContext,
  logger: Logger,
): Promise<string> {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return errorReply({ status: 400, code: 'validation_failed', message: 'Request is not JSON' });
  }
  const request = def.request.safeParse(input);
  if (!request.success) {
    return errorReply({
      status: 400,
      code: 'validation_failed',
      message: `Invalid request for ${def.subject}`,
      details: issuesOf(request.error),
    });
  }
  try {
    const result = await handler(request.data, ctx);
    const checked = def.response.safeParse(result);
    if (!checked.success) {
      logger.error(
        { subject: def.subject, reqId: ctx.requestId, issues: checked.error.issues },
        'rpc reply invalid',
      );
      return errorReply({ status: 500, code: 'internal_error', message: 'Internal server error' });
    }
    return JSON.stringify({ ok: true, data: result ?? null } satisfies Reply);
  } catch (thrown) {
    // A lost database or cache is the caller's 503, logged once every 5 s (rules §48).
    const err = thrown instanceof AppError ? thrown : (asOutage(thrown, logger) ?? thrown);
    if (err instanceof AppError) {
      if (err.status >= 500 && !wasLogged(err))
        logger.warn({ err, subject: def.subject, reqId: ctx.requestId }, 'rpc handler failed');
      return errorReply({
        status: err.status,
        code: err.code,
        message: err.message,
        details: err.details,
        ...(err.text ? { text: { key: err.text.key, values: wireValues(err.text) } } : {}),
      });
    }
    logger.error({ err, subject: def.subject, reqId: ctx.requestId }, 'rpc handler crashed');
    return errorReply({ status: 500, code: 'internal_error', message: 'Internal server error' });
  }
}
