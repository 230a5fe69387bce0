import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * Checks answers against the schemas an OpenAPI 3.1 document gives them (JSON Schema 2020-12,
 * with Ajv): `validator(method, path, status)(body)` lists what does not match, empty when the
 * body does. The path is a real one; it is matched to the document's templates.
 */
export function documentedAnswerValidator(document: Record<string, unknown>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const id = 'https://openapi.invalid/document';
  ajv.addSchema({ $id: id, components: document.components, paths: document.paths });
  const paths = Object.keys(document.paths as Record<string, unknown>);
  const templateOf = (path: string): string | undefined =>
    paths.find((template) => path === template) ??
    paths.find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
  const pointer = (...parts: string[]) =>
    parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  return (method: string, path: string, status: string) => {
    const template = templateOf(path);
    if (!template) throw new Error(`no operation for ${path}`);
    const ref = `${id}#/${pointer('paths', template, method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema')}`;
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`no documented schema for ${method} ${template} ${status}`);
    return (body: unknown): ErrorObject[] => (validate(body) ? [] : (validate.errors ?? []));
  };
}
