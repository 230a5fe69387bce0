import type { RouteSpec } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger';
import { captureRoutes, openApiDocument, openApiPath, operationIdOf } from './openapi';
import { createHttpServer } from './server';

/**
 * The OpenAPI generator on a small route table of its own: what it takes from the table, what
 * from the registrations, and how zod becomes JSON Schema inside an OpenAPI document.
 */
const route = (
  method: RouteSpec['method'],
  path: string,
  access: RouteSpec['access'],
  extra = {},
): RouteSpec => ({
  method,
  path,
  service: 'catalogue',
  access,
  source: 'additive',
  ...extra,
});

type Op = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  security?: unknown;
  'x-body-limit': number;
};
const opOf = (doc: Record<string, unknown>, path: string, method: string) =>
  (doc.paths as Record<string, Record<string, Op>>)[path]?.[method] as Op;

const build = (routes: RouteSpec[], registrations: Parameters<typeof openApiDocument>[0]['registrations']) =>
  openApiDocument({ routes, registrations, title: 'T', version: '1', sessionCookie: 'sid' });

describe('openApiDocument', () => {
  it('writes paths and operation ids from the table', () => {
    expect(openApiPath('/trade/api/:id/:action')).toBe('/trade/api/{id}/{action}');
    expect(openApiPath('/api/proxy/discord/*')).toBe('/api/proxy/discord/{wildcard}');
    expect(operationIdOf('POST', '/admin/cards/bulk-add-anime')).toBe('postAdminCardsBulkAddAnime');
    expect(operationIdOf('GET', '/api/anime/:animeId/cards')).toBe('getApiAnimeByAnimeIdCards');
    expect(operationIdOf('GET', '/api/news/feed.xml')).toBe('getApiNewsFeedXml');
  });

  it('takes parameters, body and answers from the registration; a route without one still appears', () => {
    const item = z.object({ id: z.number().int(), name: z.string() });
    const doc = build(
      [route('POST', '/things/:id', 'admin', { bodyLimit: 1234 }), route('GET', '/other/:key', 'public')],
      new Map([
        [
          'catalogue',
          [
            {
              method: 'POST',
              url: '/things/:id',
              schema: {
                params: z.object({ id: z.coerce.number().int().describe('the thing') }),
                querystring: z.object({ dry: z.enum(['yes', 'no']).optional() }),
                body: z.object({ name: z.string().trim().min(1) }),
                response: { 200: item, 204: z.void(), 302: z.void().describe('Away') },
              },
            },
          ],
        ],
      ]),
    );
    const op = opOf(doc, '/things/{id}', 'post');
    expect(op['x-body-limit']).toBe(1234);
    expect(op.security).toEqual([{ session: [] }]);
    expect(op.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        description: 'the thing',
        schema: expect.objectContaining({ type: 'integer' }),
      },
      { name: 'dry', in: 'query', required: false, schema: { type: 'string', enum: ['yes', 'no'] } },
    ]);
    expect(op.requestBody?.required).toBe(true);
    expect(op.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      required: ['id', 'name'],
    });
    expect(op.responses['204']).toEqual({ description: 'No Content' });
    expect(op.responses['302']).toEqual({
      description: 'Away',
      headers: { Location: { description: 'Where to go', schema: { type: 'string' } } },
    });
    expect(Object.keys(op.responses).sort()).toEqual(['200', '204', '302', '400', '401', '403', '503']);
    expect(op.responses.default).toBeUndefined();

    // Known only from the table: its path parameter as a string, no security, an undescribed answer.
    const other = opOf(doc, '/other/{key}', 'get');
    expect(other.parameters).toEqual([
      { name: 'key', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(other.security).toBeUndefined();
    expect(Object.keys(other.responses).sort()).toEqual(['503', 'default']);
  });

  it("moves a recursive schema's references (itself, its definitions) into the components", () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const doc = build(
      [route('GET', '/tree', 'user'), route('POST', '/forest', 'user')],
      new Map([
        [
          'catalogue',
          [
            // The tree itself: zod refers to the schema's own root ("#").
            { method: 'GET', url: '/tree', schema: { response: { 200: node } } },
            // Two trees in one body: zod puts the tree in $defs.
            { method: 'POST', url: '/forest', schema: { body: z.object({ left: node, right: node }) } },
          ],
        ],
      ]),
    );
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"\$ref":"#(\/\$defs\/[^"]*)?"/);
    const schemas = (doc.components as { schemas: Record<string, { properties?: Record<string, unknown> }> })
      .schemas;
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    for (const name of refs) expect(schemas[name], name).toBeDefined();
    // The answer is the tree, by reference, and the tree's children point at it again.
    const answer = opOf(doc, '/tree', 'get').responses['200']?.content?.['application/json']?.schema as {
      $ref: string;
    };
    const tree = schemas[answer.$ref.split('/').at(-1)!];
    expect(tree?.properties?.children).toEqual({ type: 'array', items: answer });
    const body = opOf(doc, '/forest', 'post').requestBody?.content['application/json']?.schema as {
      properties: Record<string, { $ref: string }>;
    };
    expect(body.properties.left?.$ref).toMatch(/^#\/components\/schemas\/postForest\.body\./);
  });

  it('captures what a server registers, with its schemas', async () => {
    const app = createHttpServer({ name: 'catalogue', logger: createLogger('test', 'silent') });
    const captured = captureRoutes(app);
    const querystring = z.object({ q: z.string() });
    app.get('/search', { schema: { querystring } }, async () => []);
    await app.register(
      async (scope) => {
        scope.post('/inner', async () => ({}));
      },
      { prefix: '/scoped' },
    );
    await app.ready();
    expect(captured.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /search',
      'HEAD /search',
      'POST /scoped/inner',
    ]);
    expect(captured[0]?.schema?.querystring).toBe(querystring);
    await app.close();
  });
});
