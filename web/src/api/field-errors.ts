import { HttpError, serverErrorText } from './http';

/**
 * The fields a refusal is about, read from the server's error body (packages/contracts ErrorBody):
 * - a refusal worded for one field: `details.field` with the message (`error`) in the caller's
 *   language (the catalogue's "Shikimori ID 5 is taken", a worded schema refusal);
 * - a schema refusal: `details.issues[].path` ("body/imageUrl", "/body/cards/0/rank_id"), whose
 *   own messages are the schema's English, so the field gets no text of its own (null).
 * Each field is named by the request body's key (its first segment). Null: not a field refusal.
 */
export function serverFieldErrors(err: unknown): Map<string, string | null> | null {
  if (!(err instanceof HttpError) || (err.status !== 400 && err.status !== 409)) return null;
  const details = (err.body as { details?: unknown } | undefined)?.details;
  if (typeof details !== 'object' || details === null) return null;
  const { field, issues } = details as { field?: unknown; issues?: unknown };
  const found = new Map<string, string | null>();
  if (typeof field === 'string' && field) found.set(field, serverErrorText(err));
  if (Array.isArray(issues))
    for (const issue of issues) {
      const path = typeof issue?.path === 'string' ? issue.path : '';
      const segments = path.split('/').filter(Boolean);
      // The request part the issue is in (body, query, params) comes first.
      const name = ['body', 'query', 'params'].includes(segments[0] ?? '') ? segments[1] : segments[0];
      if (name && !found.has(name)) found.set(name, null);
    }
  return found.size > 0 ? found : null;
}
