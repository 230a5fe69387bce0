import { readFile } from 'node:fs/promises';
import { BULK_BODY_LIMIT, DEFAULT_BODY_LIMIT, routes } from '@acg/contracts';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, generateDocument, serialize } from './document';

/**
 * The OpenAPI document the gateway serves (gateway/src/docs/openapi.json): what is committed is
 * what `pnpm openapi` makes of the route table and the services' registrations now, it is a valid
 * OpenAPI 3.1 document, and it has one operation per route of the table with the table's access
 * rule and body limit.
 */
type Operation = {
  operationId: string;
  tags: string[];
  'x-access': string;
  'x-body-limit': number;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let committed: string;
let document: Document;
beforeAll(async () => {
  committed = await readFile(DOCUMENT_FILE, 'utf8');
  document = JSON.parse(committed) as Document;
});

/** `:name` -> `{name}`, a trailing `*` -> `{wildcard}`, written here apart from the generator's own. */
const templated = (path: string) =>
  path
    .split('/')
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s === '*' ? '{wildcard}' : s))
    .join('/');

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it('is what `pnpm openapi` generates now (run it after changing a route or its schemas)', async () => {
    expect(serialize(await generateDocument())).toBe(committed);
  }, 120_000);

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
  });

  it('has exactly one operation per route of the route table', () => {
    const documented = operations().map((o) => o.key);
    const table = routes.map((r) => `${r.method} ${templated(r.path)}`);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...table].sort());
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives each operation its route's owner, access, body limit and session requirement", () => {
    for (const route of routes) {
      const op = document.paths[templated(route.path)]?.[route.method.toLowerCase()];
      const where = `${route.method} ${route.path}`;
      expect(op?.tags, where).toEqual([route.service]);
      expect(op?.['x-access'], where).toBe(route.access);
      expect(op?.['x-body-limit'], where).toBe(route.bodyLimit ?? DEFAULT_BODY_LIMIT);
      if (route.access === 'public') expect(op?.security, where).toBeUndefined();
      else expect(op?.security, where).toEqual([{ session: [] }]);
      const errorRef = { $ref: '#/components/schemas/ErrorBody' };
      const refOf = (status: string) => op?.responses[status]?.content?.['application/json']?.schema;
      if (route.access !== 'public') expect(refOf('401'), where).toEqual(errorRef);
      if (route.access === 'admin') expect(refOf('403'), where).toEqual(errorRef);
      else expect(op?.responses['403'], where).toBeUndefined();
      // Every path template has its parameter.
      for (const name of templated(route.path).match(/(?<=\{)[^}]+(?=\})/g) ?? [])
        expect(
          op?.parameters?.some((p) => p.name === name && p.in === 'path'),
          `${where} ${name}`,
        ).toBe(true);
    }
    // The bulk imports' limit is the table's, not the default.
    expect(document.paths['/admin/cards/bulk']?.post?.['x-body-limit']).toBe(BULK_BODY_LIMIT);
  });

  it('documents the request and answer schemas the services register', () => {
    const trade = document.paths['/trade/api']?.post;
    expect(trade?.responses['201']?.content?.['application/json']?.schema).toMatchObject({
      type: 'object',
      properties: expect.objectContaining({ id: expect.anything(), status: expect.anything() }),
    });
    const action = document.paths['/trade/api/{id}/{action}']?.post?.parameters?.find(
      (p) => p.name === 'action',
    );
    expect(action).toMatchObject({ in: 'path', schema: { enum: ['accept', 'decline', 'cancel'] } });
  });

  it('gives every rarity and rank-update route its answer schema (issue 28)', () => {
    const rarity = [
      'GET /admin/cards/rarity-recalc-stats',
      'POST /admin/cards/recalculate-rarity',
      'POST /admin/ranks/auto-update',
      'GET /admin/ranks/analysis',
      'GET /admin/ranks/likes-analysis',
      'POST /admin/ranks/force-fix-thresholds',
      'GET /admin/cards/{id}/rarity-history',
      'POST /admin/ranks/preview',
      'GET /admin/ranks/revisions',
      'POST /admin/ranks/revisions/{id}/undo',
    ];
    for (const key of rarity) {
      const [method, path] = key.split(' ') as [string, string];
      const schema =
        document.paths[path]?.[method.toLowerCase()]?.responses['200']?.content?.['application/json']?.schema;
      expect(schema?.type, key).toMatch(/^(object|array)$/);
    }
  });
});
