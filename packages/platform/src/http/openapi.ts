import { type Access, bodyLimitOf, errorBodySchema, type RouteSpec } from '@acg/contracts';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the API (issue 21): the route table (packages/contracts routes.ts)
 * says which operations exist, who owns and who may call each, and its body limit; the Fastify
 * route registrations the services make say what each validates and answers (their zod schemas,
 * converted with zod's own z.toJSONSchema: request parts as the schema's input, answers as its
 * output, as fastify-type-provider-zod parses and serializes them).
 *
 * It lives in the platform, beside createHttpServer, because it reads Fastify route options
 * registered through the platform's zod type provider; contracts stays free of Fastify. The
 * document is built by the runner (deploy/runner/src/openapi), which alone knows every service,
 * and served by the gateway.
 */

/** What a Fastify onRoute hook sees of a route: enough to document it. */
export interface RouteRegistration {
  method: string;
  url: string;
  schema?: {
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    headers?: unknown;
    response?: Record<string | number, unknown>;
  };
}

/**
 * Records every route a Fastify instance registers from now on (an onRoute hook; the HEAD route
 * Fastify adds beside each GET included).
 */
export function captureRoutes(app: {
  addHook(
    name: 'onRoute',
    hook: (route: { method: string | string[]; url: string; schema?: unknown }) => void,
  ): unknown;
}): RouteRegistration[] {
  const captured: RouteRegistration[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      captured.push({ method, url: route.url, schema: route.schema as RouteRegistration['schema'] });
  });
  return captured;
}

/** A route table path as an OpenAPI path: `:name` is `{name}`, a trailing `*` is `{wildcard}`. */
export const openApiPath = (path: string): string =>
  path.replace(/:([A-Za-z_]\w*)/g, '{$1}').replace(/\*$/, `{${WILDCARD}}`);
/** The name of a wildcard's path parameter (Fastify's own name for it is `*`). */
export const WILDCARD = 'wildcard';

/** The id of an operation: the method and the path's words, parameters as `By<Name>`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return 'ByWildcard';
      const param = segment.startsWith(':');
      const word = segment
        .replace(/^:/, '')
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map((w) => w[0]!.toUpperCase() + w.slice(1))
        .join('');
      return param ? `By${word}` : word;
    });
  return method.toLowerCase() + words.join('');
}

export const SESSION_SCHEME = 'session';
export const ERROR_BODY = 'ErrorBody';

/** The HTTP reason phrase of a status, for an answer's description. */
const REASONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '303': 'See Other',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Not signed in',
  '403': 'Signed in below the admin level',
  '404': 'Not Found',
  '409': 'Conflict',
  '413': 'Payload Too Large',
  '422': 'Unprocessable Entity',
  '429': 'Too Many Requests',
  '503': 'Service Unavailable',
};

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

export interface OpenApiInput {
  /** The route table: one operation per entry. */
  routes: readonly RouteSpec[];
  /** What the owners of the routes registered (any service's, the gateway's); matched by method and path. */
  registrations: ReadonlyMap<string, readonly RouteRegistration[]>;
  title: string;
  version: string;
  /** The session cookie's name(s), for the security scheme's description. */
  sessionCookie: string;
  description?: string;
}

const isZod = (schema: unknown): schema is z.ZodType => schema instanceof z.ZodType;
/** An answer without a body (z.void(), z.undefined()): a redirect, a 204, a 304. */
const isBodiless = (schema: unknown): schema is z.ZodType =>
  schema instanceof z.ZodVoid || schema instanceof z.ZodUndefined;

/**
 * Converts a route part to JSON Schema (2020-12, OpenAPI 3.1's dialect). A recursive schema's
 * references (`#` for itself, `#/$defs/...` for a part) would point at the document's root
 * inside an OpenAPI document: such schemas go to the components, named after `name` (the
 * operation and the part), and are referred to there.
 */
function toJsonSchema(
  schema: unknown,
  io: 'input' | 'output',
  defs: Map<string, JsonSchema>,
  name: string,
): JsonSchema {
  if (!isZod(schema)) return (schema ?? {}) as JsonSchema;
  const {
    $schema: _,
    $defs,
    ...json
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const selfReferring = JSON.stringify(json).includes('"$ref":"#"');
  if (!$defs && !selfReferring) return json;
  const claim = (wanted: string): string => {
    let unique = wanted;
    for (let n = 2; defs.has(unique); n++) unique = `${wanted}${n}`;
    defs.set(unique, {});
    return unique;
  };
  const root = selfReferring ? claim(name) : undefined;
  const renamed = new Map(
    Object.keys($defs ?? {}).map((key) => [key, claim(`${name}.${key.replace(/^_+/, '')}`)]),
  );
  const target = (ref: string): string | undefined =>
    ref === '#' ? root : ref.startsWith('#/$defs/') ? renamed.get(ref.slice('#/$defs/'.length)) : undefined;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        const moved = k === '$ref' && typeof v === 'string' ? target(v) : undefined;
        return [k, moved ? `#/components/schemas/${moved}` : rewrite(v)];
      }),
    );
  };
  for (const [key, def] of Object.entries($defs ?? {}))
    defs.set(renamed.get(key)!, rewrite(def) as JsonSchema);
  if (!root) return rewrite(json) as JsonSchema;
  defs.set(root, rewrite(json) as JsonSchema);
  return { $ref: `#/components/schemas/${root}` };
}

/** The parameters of one location from an object schema: one per property. */
function parametersOf(
  schema: unknown,
  location: 'path' | 'query' | 'header',
  defs: Map<string, JsonSchema>,
  name: string,
): Json[] {
  if (schema === undefined) return [];
  const json = toJsonSchema(schema, 'input', defs, `${name}.${location}`);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name: location === 'path' && name === '*' ? WILDCARD : name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

/** A request body is optional when its schema takes no body at all. */
const bodyRequired = (schema: unknown): boolean => !isZod(schema) || !schema.safeParse(undefined).success;

const errorAnswer = (description: string): Json => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_BODY}` } } },
});

/** The answers a route documents for itself, by status. */
function answersOf(
  registration: RouteRegistration | undefined,
  defs: Map<string, JsonSchema>,
  name: string,
): Json {
  const out: Json = {};
  for (const [status, part] of Object.entries(registration?.schema?.response ?? {})) {
    const described = part as { description?: string; content?: Record<string, { schema: unknown }> };
    if (!isZod(part) && described && typeof described === 'object' && described.content) {
      out[status] = {
        description: described.description ?? REASONS[status] ?? status,
        content: Object.fromEntries(
          Object.entries(described.content).map(([type, media]) => [
            type,
            { schema: toJsonSchema(media.schema, 'output', defs, `${name}.response${status}`) },
          ]),
        ),
      };
      continue;
    }
    if (isBodiless(part)) {
      out[status] = {
        description: part.description ?? REASONS[status] ?? status,
        ...(status.startsWith('3') && status !== '304'
          ? { headers: { Location: { description: 'Where to go', schema: { type: 'string' } } } }
          : {}),
      };
      continue;
    }
    out[status] =
      status === '204' || status === '304'
        ? { description: REASONS[status] }
        : {
            description: REASONS[status] ?? status,
            content: {
              'application/json': { schema: toJsonSchema(part, 'output', defs, `${name}.response${status}`) },
            },
          };
  }
  return out;
}

const ACCESS_ANSWERS: Record<Access, Array<[string, string]>> = {
  public: [],
  user: [['401', 'Not signed in (`authentication_required`)']],
  admin: [
    ['401', 'Not signed in (`authentication_required`)'],
    ['403', 'Signed in below the admin level (`forbidden`)'],
  ],
};

/** Whether the route's owner registered a schema for any answer. */
export const documentsAnswers = (registration: RouteRegistration | undefined): boolean =>
  Object.keys(registration?.schema?.response ?? {}).length > 0;

const keyOf = (method: string, url: string) => `${method} ${url}`;

type TableRoute = OpenApiInput['routes'][number];

/** An operation's parameters: every templated path parameter (typed where the service says), then query and headers. */
function parametersOfRoute(
  route: TableRoute,
  schema: NonNullable<RouteRegistration['schema']>,
  defs: Map<string, JsonSchema>,
  operationId: string,
) {
  const pathParams = parametersOf(schema.params, 'path', defs, operationId);
  const templated = [...openApiPath(route.path).matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  return [
    ...templated.map(
      (name) =>
        pathParams.find((p) => p.name === name) ?? {
          name,
          in: 'path',
          required: true,
          schema: { type: 'string' },
        },
    ),
    ...parametersOf(schema.querystring, 'query', defs, operationId),
    ...parametersOf(schema.headers, 'header', defs, operationId),
  ];
}

/** What an operation object is made of: the table's route, what its owner registered, its id. */
interface Operation {
  route: TableRoute;
  registration: RouteRegistration | undefined;
  defs: Map<string, JsonSchema>;
  operationId: string;
}

/** An operation's answers: its own, then validation, access and outage refusals it can give. */
function responsesOf({ route, registration, defs, operationId }: Operation): Json {
  const schema = registration?.schema ?? {};
  const responses: Json = answersOf(registration, defs, operationId);
  const validates =
    schema.params !== undefined || schema.querystring !== undefined || schema.body !== undefined;
  if (validates && !responses['400']) responses['400'] = errorAnswer('Invalid request (`validation_failed`)');
  for (const [status, text] of ACCESS_ANSWERS[route.access]) responses[status] ??= errorAnswer(text);
  if (route.service !== 'gateway')
    responses['503'] ??= errorAnswer('The owning service is unavailable (`service_unavailable`)');
  if (!documentsAnswers(registration))
    responses.default = { description: 'The answer has no documented schema.' };
  return responses;
}

/** One route's operation object. */
function operationOf(operation: Operation): Json {
  const { route, registration, defs, operationId } = operation;
  const schema = registration?.schema ?? {};
  const parameters = parametersOfRoute(route, schema, defs, operationId);
  return {
    operationId,
    tags: [route.service],
    'x-access': route.access,
    'x-source': route.source,
    'x-body-limit': bodyLimitOf(route),
    ...(route.access === 'public' ? {} : { security: [{ [SESSION_SCHEME]: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(schema.body !== undefined
      ? {
          requestBody: {
            required: bodyRequired(schema.body),
            content: {
              'application/json': { schema: toJsonSchema(schema.body, 'input', defs, `${operationId}.body`) },
            },
          },
        }
      : {}),
    responses: responsesOf(operation),
  };
}

/** The OpenAPI 3.1 document of the route table, with what each owner registered. */
export function openApiDocument(input: OpenApiInput): Json {
  const defs = new Map<string, JsonSchema>();
  const registered = new Map<string, RouteRegistration>();
  for (const list of input.registrations.values())
    for (const r of list) registered.set(keyOf(r.method, r.url), r);

  const paths: Record<string, Json> = {};
  const ids = new Set<string>();
  for (const route of input.routes) {
    const operationId = operationIdOf(route.method, route.path);
    if (ids.has(operationId)) throw new Error(`two operations named ${operationId}`);
    ids.add(operationId);
    const operation = operationOf({
      route,
      registration: registered.get(keyOf(route.method, route.path)),
      defs,
      operationId,
    });
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }

  const owners = [...new Set(input.routes.map((r) => r.service))];
  return {
    openapi: '3.1.0',
    info: {
      title: input.title,
      version: input.version,
      ...(input.description ? { description: input.description } : {}),
    },
    tags: owners.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: input.sessionCookie,
          description:
            'The session cookie the sign-in sets (`__Host-sid` when the gateway runs with COOKIE_SECURE).',
        },
      },
      schemas: {
        [ERROR_BODY]: toJsonSchema(errorBodySchema, 'output', defs, ERROR_BODY),
        ...Object.fromEntries([...defs].sort(([a], [b]) => a.localeCompare(b))),
      },
    },
  };
}
