import { keysOf, type ServerKey, t } from '@acg/i18n/server';
import { NotFoundError, ValidationError } from '@acg/platform';
import type { FastifyRequest } from 'fastify';

/**
 * The admin catalogue's validation messages (requirements C5, C8): the spec's Russian word for word,
 * an English equivalent for the English interface. The server says the same as the screens.
 * The texts are `server.catalogue.<key>` of @acg/i18n (editable on the translations screen,
 * rules §49); a message's `n` also picks its plural form.
 */
type CatalogueKey = ServerKey extends infer K ? (K extends `catalogue.${infer M}` ? M : never) : never;
export type MessageKey = CatalogueKey;

const KEYS: ReadonlySet<string> = new Set(keysOf('catalogue'));

export const isMessageKey = (key: unknown): key is MessageKey => typeof key === 'string' && KEYS.has(key);

/** A message in a language (down its fallback chain), its placeholders filled from `values`. */
export const sayIn = (language: string, key: MessageKey, values: Readonly<Record<string, unknown>> = {}) =>
  t(language, `catalogue.${key}`, typeof values.n === 'number' ? { count: values.n, ...values } : values);

/** A message in the caller's language. */
export const say = (req: FastifyRequest, key: MessageKey, values: Readonly<Record<string, unknown>> = {}) =>
  sayIn(req.identity.language, key, values);

/** A 404 in the caller's language. */
export const notFound = (req: FastifyRequest, key: MessageKey, details?: Record<string, unknown>) =>
  new NotFoundError(say(req, key), details);

/** A 400 with the message in the caller's language and the field it is about. */
export const invalid = (req: FastifyRequest, key: MessageKey, field: string, values = {}) =>
  new ValidationError(say(req, key, values), { field });
