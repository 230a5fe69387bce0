import type { TFunction } from 'i18next';
import type { Message } from './validation';

/** A validation message in the current language (its key is chosen at run time). */
export const say = (t: TFunction, m: Message): string =>
  (t as unknown as (key: string, values?: Record<string, unknown>) => string)(m.key, m.values);

/** A validation message for a form's check: about its field when it names one. */
export const sayAbout = (t: TFunction, m: Message): string | { field: string; message: string } =>
  m.field === undefined ? say(t, m) : { field: m.field, message: say(t, m) };
