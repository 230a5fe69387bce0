import { serverFieldErrors } from '../../../api/field-errors';

/**
 * A form's own check about one of its fields: the field's name (of V; a name the form does not
 * have shows under the form) and the message.
 */
// biome-ignore lint/correctness/noUnusedVariables: V documents which form's fields are meant
export interface FieldProblem<V> {
  field: string;
  message: string;
}

/** Where a form shows a refusal: under its fields (by name), or under the form. */
export interface ProblemsOf<V> {
  fields: Partial<Record<keyof V & string, string>>;
  form: string | null;
}

interface FieldLike<V> {
  name: keyof V & string;
  label: string;
  server?: string;
}

/** A failed write: the error, the form's message for it, and the text of a field the server named without one. */
export interface WriteFailure {
  err: unknown;
  failure: string;
  invalid: (label: string) => string;
}

const isFailure = (p: unknown): p is WriteFailure => typeof p === 'object' && p !== null && 'failure' in p;

/**
 * Where each refusal shows, once: the form's own check under its field (or the form when it names
 * none); the server's field errors under the fields they name (the field's request key is its
 * `server` name, else its name), with the server's text or "<label>: check this value"; the
 * form's failure message only when no field of the form was named.
 */
export function fieldProblemsOf<V>(
  problem: string | FieldProblem<V> | WriteFailure,
  fields: readonly FieldLike<V>[],
): ProblemsOf<V> {
  if (typeof problem === 'string') return { fields: {}, form: problem };
  if (!isFailure(problem)) {
    const field = fields.find((f) => f.name === problem.field);
    return field
      ? { fields: { [field.name]: problem.message } as ProblemsOf<V>['fields'], form: null }
      : { fields: {}, form: problem.message };
  }
  const named = serverFieldErrors(problem.err);
  const found: ProblemsOf<V>['fields'] = {};
  for (const f of fields) {
    const key = f.server ?? f.name;
    if (!named?.has(key)) continue;
    found[f.name] = named.get(key) ?? problem.invalid(f.label);
  }
  return Object.keys(found).length > 0
    ? { fields: found, form: null }
    : { fields: {}, form: problem.failure };
}
