import type { ErrorBody, Identity } from '@acg/contracts';
import { t } from '@acg/i18n/server';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitError, wasLogged } from '../errors';
import { asOutage } from '../outage';

/**
 * The one error handler: AppErrors keep their status and stable code; request validation
 * becomes 400 `validation_failed` with the issues in details; Fastify's own client errors
 * (bad JSON, wrong content type, body too large) keep their 4xx; anything else is a logged 500
 * whose internals are not shown.
 */
/** Fastify's own client errors by status: a stable code each (its FST_ codes are internals). */
const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  411: 'length_required',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  431: 'header_too_large',
};
const JSON_BODY_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/**
 * The message of a schema refusal: "Invalid request" in the caller's language (rules §21, the
 * texts `server.platform.*`), naming the fields it is about (the first segment of each issue's
 * path), so a form's error box says which.
 */
export function validationMessage(language: string, paths: readonly string[]): string {
  const fields = new Set<string>();
  for (const path of paths) {
    const field = path.split('/').filter(Boolean)[0];
    if (field) fields.add(field);
  }
  return fields.size === 0
    ? t(language, 'platform.invalidRequest')
    : t(language, 'platform.invalidFields', { fields: [...fields].join(', ') });
}

/** The caller's language; a server without identities (the gateway's own) answers in English. */
const languageOf = (req: FastifyRequest): string =>
  (req as { identity?: Identity }).identity?.language ?? 'en';

/**
 * Answers a scope's refusals in the caller's language: an AppError whose details `text`
 * recognises (its `reason`, a broken constraint…) gets the text it gives for the caller's
 * language, with its status, code and details unchanged; anything else goes on as it is to the
 * platform's handler (the parent scope's). Call on an encapsulated scope (`app.register`).
 */
export function refusalsInCallersLanguage(
  scope: FastifyInstance,
  text: (details: Readonly<Record<string, unknown>>, language: string) => string | undefined,
): void {
  scope.setErrorHandler((err, req) => {
    if (!(err instanceof AppError) || typeof err.details !== 'object' || err.details === null) throw err;
    const message = text(err.details as Record<string, unknown>, languageOf(req));
    if (message === undefined) throw err;
    throw new AppError(err.status, err.code, message, err.details);
  });
}

export interface MethodIndex {
  allowed(path: string): string[];
}

const errorBody = (requestId: string, error: string, code: string, details?: unknown): ErrorBody => ({
  error,
  code,
  ...(details === undefined ? {} : { details }),
  requestId,
});

/**
 * The answer to an error thrown by our own code: an AppError keeps its status and code (a 5xx
 * one is logged unless it was already); anything else is a logged 500 whose internals are not
 * shown. The error handler below and the gateway's API edge both answer with it.
 */
export function errorAnswer(
  err: unknown,
  requestId: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { status: number; body: ErrorBody } {
  const known = err instanceof AppError ? err : asOutage(err, log);
  if (known) {
    if (known.status >= 500 && !wasLogged(known)) log.warn({ err: known }, 'request failed');
    return { status: known.status, body: errorBody(requestId, known.message, known.code, known.details) };
  }
  log.error({ err }, 'unhandled error');
  return { status: 500, body: errorBody(requestId, 'Internal server error', 'internal_error') };
}

export function installErrorHandler(app: FastifyInstance, methods?: MethodIndex): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const body = (error: string, code: string, details?: unknown): ErrorBody =>
      errorBody(req.id, error, code, details);
    if (err instanceof AppError) {
      if (err instanceof RateLimitError && err.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      const answer = errorAnswer(err, req.id, req.log);
      return reply.code(answer.status).send(answer.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: `${err.validationContext ?? ''}${v.instancePath}`,
        message: v.message,
      }));
      const message = validationMessage(
        languageOf(req),
        err.validation.map((v) => v.instancePath),
      );
      return reply.code(400).send(body(message, 'validation_failed', { issues }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send(body('Internal server error', 'internal_error'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (JSON_BODY_ERRORS.has(err.code) || err instanceof SyntaxError) {
        return reply.code(400).send(body('The body is not valid JSON', 'invalid_json'));
      }
      return reply.code(status).send(body(err.message, CLIENT_ERROR_CODES[status] ?? 'bad_request'));
    }
    const answer = errorAnswer(err, req.id, req.log);
    return reply.code(answer.status).send(answer.body);
  });

  // A known path asked with a method it does not have is a 405 naming the ones it has.
  app.setNotFoundHandler((req, reply) => {
    const allowed = methods?.allowed(req.url.split('?', 1)[0] ?? '/') ?? [];
    // A route that has the method may still find nothing (a static file handler): that is a 404.
    if (allowed.length > 0 && !allowed.includes(req.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          error: 'Method not allowed',
          code: 'method_not_allowed',
          requestId: req.id,
        } satisfies ErrorBody);
    }
    return reply
      .code(404)
      .send({ error: 'Not found', code: 'not_found', requestId: req.id } satisfies ErrorBody);
  });
}
