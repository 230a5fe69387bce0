import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { type ErrorBody, REQUEST_ID_HEADER } from '@acg/contracts';
import { t } from '@acg/i18n/server';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';

/**
 * Answers Fastify and Node write themselves, before any hook runs, in the one error shape with a
 * request id and the process's fixed headers (the gateway's security headers):
 * - frameworkErrors: a path that is not valid percent-encoding (FST_ERR_BAD_URL);
 * - clientErrorHandler: what Node's HTTP parser refuses (431 header too large, 400 malformed).
 */
export interface FrameworkAnswers {
  frameworkErrors: (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => void;
  clientErrorHandler: (error: Error & { code?: string }, socket: Socket) => void;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** Node's parser error code → the answer (the rest are 400 malformed_request). */
const CLIENT_ERRORS: Record<string, { status: number; code: string; error: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'header_too_large', error: 'Request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', error: 'Request timed out' },
};

export function frameworkAnswers(
  fixedHeaders: Record<string, string> = {},
  languageOf: (req: FastifyRequest) => string = () => 'en',
): FrameworkAnswers {
  return {
    frameworkErrors(error, req, reply) {
      reply.headers(fixedHeaders).header(REQUEST_ID_HEADER, req.id);
      const language = languageOf(req);
      const body: ErrorBody =
        error.code === 'FST_ERR_BAD_URL'
          ? { error: t(language, 'platform.badUrl'), code: 'bad_url', requestId: req.id }
          : { error: t(language, 'platform.badRequest'), code: 'bad_request', requestId: req.id };
      reply.code(400).send(body);
    },
    clientErrorHandler(error, socket) {
      if (!socket.writable || error.code === 'ECONNRESET') {
        socket.destroy();
        return;
      }
      const known = (error.code && CLIENT_ERRORS[error.code]) || {
        status: 400,
        code: 'malformed_request',
        error: 'Malformed HTTP request',
      };
      const requestId = randomUUID();
      const body = JSON.stringify({ error: known.error, code: known.code, requestId } satisfies ErrorBody);
      const headers = {
        ...fixedHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        [REQUEST_ID_HEADER]: requestId,
        connection: 'close',
      };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\r\n');
      socket.end(`HTTP/1.1 ${known.status} ${STATUS_TEXT[known.status]}\r\n${head}\r\n\r\n${body}`);
    },
  };
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Which methods a server has for a concrete path, so a wrong method on a known path is a 405
 * with `Allow` rather than a 404. Fed by the server's onRoute hook.
 */
export function createMethodIndex() {
  const router = FindMyWay();
  return {
    add(methods: string | string[], url: string): void {
      for (const method of Array.isArray(methods) ? methods : [methods]) {
        if (!(ALL_METHODS as readonly string[]).includes(method)) continue;
        try {
          router.on(method as (typeof ALL_METHODS)[number], url, () => {});
        } catch {
          // Registered already (the same route seen twice, e.g. with and without a trailing slash).
        }
      }
    },
    allowed(path: string): string[] {
      return ALL_METHODS.filter((m) => router.find(m, path) !== null);
    },
  };
}
