import type { ErrorBody } from '@acg/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

/**
 * The one error handler: AppErrors keep their status and stable code; request validation
 * becomes 400 `validation_failed` with the issues in details; Fastify's own client errors
 * (bad JSON, wrong content type, body too large) keep their 4xx; anything else is a logged 500
 * whose internals are not shown.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const body = (error: string, code: string, details?: unknown): ErrorBody => ({
      error,
      code,
      ...(details === undefined ? {} : { details }),
      requestId: req.id,
    });
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.warn({ err }, 'request failed');
      return reply.code(err.status).send(body(err.message, err.code, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({
        path: `${err.validationContext ?? ''}${v.instancePath}`,
        message: v.message,
      }));
      return reply.code(400).send(body('Invalid request', 'validation_failed', { issues }));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send(body('Internal server error', 'internal_error'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(err.message, (err.code ?? 'bad_request').toLowerCase()));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('Internal server error', 'internal_error'));
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(404).send({ error: 'Not found', code: 'not_found', requestId: req.id } satisfies ErrorBody),
  );
}
