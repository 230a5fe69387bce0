import type { ErrorBody, Identity } from '@acg/contracts';
import { type ServerKey, t } from '@acg/i18n/server';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, RateLimitError, type ServerText, text, wasLogged } from '../errors';
import { asOutage } from '../outage';

/**
 * The one error handler: AppErrors keep their status and stable code; request validation
 * becomes 400 `validation_failed` with the issues in details; Fastify's own client errors
 * (bad JSON, wrong content type, body too large) keep their 4xx; anything else is a logged 500
 * whose internals are not shown.
 */
/** Fastify's own client errors by status: a stable code each (its FST_ codes are internals), and its text. */
const CLIENT_ERRORS: Record<number, { code: string; text: ServerKey }> = {
  400: { code: 'bad_request', text: 'platform.badRequest' },
  404: { code: 'not_found', text: 'platform.notFound' },
  405: { code: 'method_not_allowed', text: 'platform.methodNotAllowed' },
  406: { code: 'not_acceptable', text: 'platform.notAcceptable' },
  408: { code: 'request_timeout', text: 'platform.requestTimeout' },
  411: { code: 'length_required', text: 'platform.lengthRequired' },
  413: { code: 'payload_too_large', text: 'platform.payloadTooLarge' },
  415: { code: 'unsupported_media_type', text: 'platform.unsupportedMediaType' },
  431: { code: 'header_too_large', text: 'platform.headerTooLarge' },
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

/**
 * How a server knows a request's language: a service from the caller's signed identity (the
 * default), the gateway from the visitor's session or browser (docs/rules.md, refusals).
 */
export type RequestLanguage = (req: FastifyRequest) => string;

/** The caller's language from the identity the gateway signed; English without one. */
export const identityLanguage: RequestLanguage = (req) =>
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
    const message = text(err.details as Record<string, unknown>, identityLanguage(req));
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
  language = 'en',
): { status: number; body: ErrorBody } {
  const known = err instanceof AppError ? err : asOutage(err, log);
  if (known) {
    if (known.status >= 500 && !wasLogged(known)) log.warn({ err: known }, 'request failed');
    return {
      status: known.status,
      body: errorBody(requestId, known.messageIn(language), known.code, known.details),
    };
  }
  log.error({ err }, 'unhandled error');
  return {
    status: 500,
    body: errorBody(requestId, t(language, 'platform.internalError'), 'internal_error'),
  };
}

/** Fastify's own refusal of a request (bad JSON, wrong content type, body too large…), in `language`. */
function clientErrorAnswer(err: FastifyError, req: FastifyRequest, language: string) {
  const status = err.statusCode ?? 400;
  if (JSON_BODY_ERRORS.has(err.code) || err instanceof SyntaxError)
    return { status: 400, error: t(language, 'platform.invalidJson'), code: 'invalid_json' };
  if (status === 413) {
    const limit = req.routeOptions.bodyLimit;
    if (limit) return { status, error: bodyTooLarge(limit).messageIn(language), code: 'payload_too_large' };
  }
  const known = CLIENT_ERRORS[status];
  return {
    status,
    error: t(language, known?.text ?? 'platform.badRequest'),
    code: known?.code ?? 'bad_request',
  };
}

const MIB = 1024 * 1024;
/** '5 MB', '64 KB' (binary units). */
export const sizeText = (bytes: number): ServerText =>
  bytes >= MIB && bytes % MIB === 0
    ? text('platform.megabytes', { n: bytes / MIB })
    : text('platform.kilobytes', { n: Math.round(bytes / 1024) });

/** The 413 of a body over a route's limit, naming the limit ('at most 5 MB (5242880 bytes)'). */
export const bodyTooLarge = (limit: number): AppError =>
  new AppError(
    413,
    'payload_too_large',
    text('platform.bodyTooLarge', { size: sizeText(limit), bytes: limit }),
    { limit },
  );

/**
 * The one error handler, and the 404 and 405 answers, every message in the request's language
 * (`languageOf`; by default the caller's identity's).
 */
export function installErrorHandler(
  app: FastifyInstance,
  methods?: MethodIndex,
  languageOf: RequestLanguage = identityLanguage,
): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const language = languageOf(req);
    const body = (error: string, code: string, details?: unknown): ErrorBody =>
      errorBody(req.id, error, code, details);
    if (err instanceof AppError) {
      if (err instanceof RateLimitError && err.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      const answer = errorAnswer(err, req.id, req.log, language);
      return reply.code(answer.status).send(answer.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: `${err.validationContext ?? ''}${v.instancePath}`,
        message: v.message,
      }));
      const message = validationMessage(
        language,
        err.validation.map((v) => v.instancePath),
      );
      return reply.code(400).send(body(message, 'validation_failed', { issues }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send(body(t(language, 'platform.internalError'), 'internal_error'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const answer = clientErrorAnswer(err, req, language);
      return reply.code(answer.status).send(body(answer.error, answer.code));
    }
    const answer = errorAnswer(err, req.id, req.log, language);
    return reply.code(answer.status).send(answer.body);
  });

  // A known path asked with a method it does not have is a 405 naming the ones it has.
  app.setNotFoundHandler((req, reply) => {
    const allowed = methods?.allowed(req.url.split('?', 1)[0] ?? '/') ?? [];
    const language = languageOf(req);
    // A route that has the method may still find nothing (a static file handler): that is a 404.
    if (allowed.length > 0 && !allowed.includes(req.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(req.id, t(language, 'platform.methodNotAllowed'), 'method_not_allowed'));
    }
    return reply.code(404).send(errorBody(req.id, t(language, 'platform.notFound'), 'not_found'));
  });
}
