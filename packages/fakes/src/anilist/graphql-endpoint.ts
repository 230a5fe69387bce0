import type { FastifyInstance } from 'fastify';
import { execute, GraphQLError, parse, validate } from 'graphql';
import type { FakeAnimeCatalogue } from '../anime-data';
import { rootValue } from './resolvers';
import { anilistSchema } from './schema';

/** AniList's error entries: message, HTTP-like status and locations at the top level. */
function anilistError(err: GraphQLError, fallbackStatus: number) {
  const status = typeof err.extensions.status === 'number' ? err.extensions.status : fallbackStatus;
  return { message: err.message, status, locations: err.locations ?? [] };
}

const failure = (status: number, message: string) => ({ errors: [{ message, status }], data: null });

/** The JSON body a client sends: `{ query, variables?, operationName? }` (variables may be a JSON string). */
function readBody(body: unknown) {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  let variables = b.variables;
  if (typeof variables === 'string') {
    try {
      variables = variables === '' ? {} : JSON.parse(variables);
    } catch {
      return { error: 'Variables are invalid JSON.' } as const;
    }
  }
  if (typeof b.query !== 'string' || b.query.trim() === '')
    return { error: 'Must provide query string.' } as const;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) {
    return { error: 'Variables must be an object.' } as const;
  }
  return {
    query: b.query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: typeof b.operationName === 'string' ? b.operationName : undefined,
  };
}

/**
 * POST / : parses, validates and executes the query against the schema with graphql-js.
 * Syntax and validation errors → 400 with `data: null`; an unknown id → 404 with the field null.
 */
export function registerGraphql(app: FastifyInstance, catalogue: FakeAnimeCatalogue): void {
  // Malformed JSON and other request errors get AniList's error shape, not Fastify's.
  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return reply.code(status).send(failure(status, status === 500 ? 'Internal Server Error' : err.message));
  });

  app.post('/', async (req, reply) => {
    const request = readBody(req.body);
    if ('error' in request) return reply.code(400).send(failure(400, request.error ?? 'Bad request'));
    let document: ReturnType<typeof parse>;
    try {
      document = parse(request.query);
    } catch (err) {
      if (!(err instanceof GraphQLError)) throw err;
      return reply.code(400).send({ errors: [anilistError(err, 400)], data: null });
    }
    const invalid = validate(anilistSchema, document);
    if (invalid.length > 0) {
      return reply.code(400).send({ errors: invalid.map((e) => anilistError(e, 400)), data: null });
    }
    const result = await execute({
      schema: anilistSchema,
      document,
      rootValue: rootValue({ catalogue, origin: `${req.protocol}://${req.host}` }),
      contextValue: {},
      variableValues: request.variables,
      operationName: request.operationName,
    });
    if (!result.errors) return { data: result.data };
    // No data at all: the request itself was wrong (variables, operation name).
    const fallback = result.data == null ? 400 : 500;
    const errors = result.errors.map((e) => anilistError(e, fallback));
    return reply.code(errors[0]!.status).send({ errors, data: result.data ?? null });
  });
}
