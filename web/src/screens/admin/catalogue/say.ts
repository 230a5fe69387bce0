import type { TFunction } from 'i18next';
import type { Message } from './validation';

/** A validation message in the current language (its key is chosen at run time). */
export const say = (t: TFunction, m: Message): string =>
  (t as unknown as (key: string, values?: Record<string, unknown>) => string)(m.key, m.values);
