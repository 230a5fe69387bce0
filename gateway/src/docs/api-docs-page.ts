/**
 * The OpenAPI document as one readable page for administrators: the operations grouped by the
 * service that answers them, each with its method, path, access, parameters, request body and
 * answers (schemas as indented JSON). Server-rendered, every text escaped, no script and nothing
 * loaded from elsewhere (it must work offline); the styles are inline, which the gateway's CSP
 * allows.
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Text as HTML: the five characters that could end a text node or an attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const code = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

/** An operation's anchor: its id, safe in an attribute and a fragment. */
const anchor = (id: string) => `op-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;

interface Operation {
  method: string;
  path: string;
  op: Json;
}

function operationsByTag(document: Json): Map<string, Operation[]> {
  const groups = new Map<string, Operation[]>();
  for (const tag of (document.tags ?? []) as Array<{ name: string }>) groups.set(tag.name, []);
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0]!;
      const list = groups.get(tag) ?? [];
      list.push({ method: method.toUpperCase(), path, op });
      groups.set(tag, list);
    }
  }
  return groups;
}

function renderParameters(parameters: Json[] | undefined): string {
  if (!parameters || parameters.length === 0) return '';
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td>` +
        `<td>${p.required ? 'yes' : 'no'}</td><td>${code(p.schema)}</td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderContent(content: Json | undefined): string {
  if (!content) return '';
  return Object.entries(content as Record<string, { schema?: unknown }>)
    .map(
      ([type, media]) =>
        `<div class="media"><code>${escapeHtml(type)}</code>${code(media.schema ?? {})}</div>`,
    )
    .join('');
}

function renderOperation({ method, path, op }: Operation): string {
  const id = String(op.operationId);
  const access = String(op['x-access'] ?? 'public');
  const body = op.requestBody as { required?: boolean; content?: Json } | undefined;
  const responses = Object.entries(
    (op.responses ?? {}) as Record<string, { description?: string; content?: Json }>,
  )
    .map(
      ([status, answer]) =>
        `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(answer.description ?? '')}${renderContent(answer.content)}</li>`,
    )
    .join('');
  return [
    `<details class="op" id="${anchor(id)}"><summary>`,
    `<span class="method ${method.toLowerCase()}">${method}</span> <code class="path">${escapeHtml(path)}</code>`,
    ` <span class="access ${escapeHtml(access)}">${escapeHtml(access)}</span></summary>`,
    `<p>Operation <code>${escapeHtml(id)}</code>; request body limit ${escapeHtml(String(op['x-body-limit'] ?? ''))} bytes.</p>`,
    renderParameters(op.parameters as Json[] | undefined),
    body ? `<h4>Request body${body.required ? '' : ' (optional)'}</h4>${renderContent(body.content)}` : '',
    `<h4>Answers</h4><ul class="answers">${responses}</ul>`,
    '</details>',
  ].join('');
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 1.5rem;color:#1d1d1f;background:#fafafa}
h1{margin-bottom:.25rem}h2{margin-top:2rem;border-bottom:1px solid #ccc}
nav ul{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;padding:0;list-style:none}
details.op{background:#fff;border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .7rem}
summary{cursor:pointer}code.path{font-weight:600}
.method{display:inline-block;min-width:4.2rem;font:600 12px monospace;text-align:center;border-radius:4px;padding:2px 4px;color:#fff}
.get{background:#2f6fba}.post{background:#2e8540}.put{background:#8a5a00}.patch{background:#6b4fa3}.delete{background:#b3261e}
.access{font-size:12px;border:1px solid #999;border-radius:10px;padding:0 .5rem}.access.admin{border-color:#b3261e;color:#b3261e}.access.user{border-color:#2f6fba;color:#2f6fba}
pre{background:#f3f3f3;padding:.4rem .6rem;overflow:auto;max-height:24rem;margin:.2rem 0;font-size:12px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.2rem .4rem;vertical-align:top;text-align:left}
`;

/** The whole page. */
export function renderApiDocsPage(document: Json): string {
  const info = (document.info ?? {}) as { title?: string; version?: string; description?: string };
  const groups = operationsByTag(document);
  const nav = [...groups]
    .map(
      ([tag, ops]) => `<li><a href="#service-${escapeHtml(tag)}">${escapeHtml(tag)}</a> (${ops.length})</li>`,
    )
    .join('');
  const sections = [...groups]
    .map(
      ([tag, ops]) =>
        `<section id="service-${escapeHtml(tag)}"><h2>${escapeHtml(tag)}</h2>${ops.map(renderOperation).join('')}</section>`,
    )
    .join('');
  const schemas = Object.entries(((document.components as Json | undefined)?.schemas ?? {}) as Json)
    .map(([name, schema]) => `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3>${code(schema)}`)
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(info.title ?? 'API')} ${escapeHtml(info.version ?? '')}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>${escapeHtml(info.title ?? 'API')}</h1><p>Version ${escapeHtml(info.version ?? '')}, OpenAPI ${escapeHtml(String(document.openapi ?? ''))}. `,
    'The same document as JSON: <a href="?format=json">/api/docs?format=json</a>.</p>',
    info.description ? `<p>${escapeHtml(info.description)}</p>` : '',
    `<nav><ul>${nav}</ul></nav>`,
    sections,
    schemas ? `<h2>Shared schemas</h2>${schemas}` : '',
    '</body></html>',
  ].join('');
}
