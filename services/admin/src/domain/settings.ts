import {
  DEFAULT_FRESHNESS_SECONDS,
  DEFAULT_SCHEDULE,
  SECRET_SETTINGS,
  type SettingKey,
  type VkGroup,
  vkGroupSchema,
} from '@acg/contracts';
import { t } from '@acg/i18n/server';
import { type ServerText, text, ValidationError } from '@acg/platform';
import { validateDetailed } from 'node-cron';
import { z } from 'zod';

export interface RelaySettings {
  'vk.token': string | null;
  'vk.discordChannelId': string | null;
  'vk.groups': VkGroup[];
  'vk.freshnessSeconds': number;
  'vk.schedule': string;
}

/** What a key holds before anyone saves it (requirements O3, O9). */
export const SETTING_DEFAULTS: RelaySettings = {
  'vk.token': null,
  'vk.discordChannelId': null,
  'vk.groups': [],
  'vk.freshnessSeconds': DEFAULT_FRESHNESS_SECONDS,
  'vk.schedule': DEFAULT_SCHEDULE,
};

export const MAX_GROUPS = 50;
export const MAX_FRESHNESS_SECONDS = 30 * 24 * 3600;

/** The channel id's message in a language (requirements O5: the spec's Russian for a Russian visitor). */
export const channelIdMessage = (language: string): string => t(language, 'admin.channelId');

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const fail = (message: string | ServerText, issues: unknown[] = []): never => {
  throw new ValidationError(message, { issues });
};

/** The language of the visitor a parser's message is for (only the channel id has both). */
type MessageLanguage = string;

const parsers: { [K in SettingKey]: (value: unknown, language: MessageLanguage) => RelaySettings[K] } = {
  /** Any opaque token; an empty one clears it. Never echoed back (write-only). */
  'vk.token': (value) => {
    const r = z
      .preprocess(emptyToNull, z.string().trim().min(10).max(512).regex(/^\S+$/).nullable())
      .safeParse(value);
    return r.success ? r.data : fail(text('admin.vkToken'));
  },
  /** Digits only (a Discord snowflake); a number is taken as its digits; empty clears it. */
  'vk.discordChannelId': (value, language) => {
    const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
    const r = z
      .preprocess(
        emptyToNull,
        z
          .string()
          .trim()
          .regex(/^\d{5,25}$/)
          .nullable(),
      )
      .safeParse(text);
    return r.success ? r.data : fail(channelIdMessage(language));
  },
  /** Groups with an id (trimmed; ids may be negative); rows without an id are dropped (requirements O5). */
  'vk.groups': (value) => {
    if (!Array.isArray(value)) return fail(text('admin.vkGroupsList'));
    const withId = value.filter(
      (g) => !(g && typeof g === 'object' && String((g as { id?: unknown }).id ?? '').trim() === ''),
    );
    const parsed = z.array(vkGroupSchema).max(MAX_GROUPS).safeParse(withId);
    if (!parsed.success)
      return fail(
        text('admin.vkGroups'),
        parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      );
    const seen = new Set<string>();
    return parsed.data.filter((g) => !seen.has(g.id) && seen.add(g.id));
  },
  /** A whole number of seconds, 0 or more. */
  'vk.freshnessSeconds': (value) => {
    const r = z.coerce.number().int().min(0).max(MAX_FRESHNESS_SECONDS).safeParse(value);
    return r.success && value !== '' && value !== null
      ? r.data
      : fail(text('admin.vkFreshness', { max: MAX_FRESHNESS_SECONDS }));
  },
  /** A cron text node-cron accepts (5 fields, or 6 with seconds). */
  'vk.schedule': (value) => {
    if (typeof value !== 'string' || value.trim() === '' || value.length > 100)
      return fail(text('admin.vkScheduleText'));
    const cron = value.trim().replace(/\s+/g, ' ');
    const check = validateDetailed(cron);
    return check.valid
      ? cron
      : fail(
          text('admin.vkScheduleInvalid', { text: cron }),
          check.errors.map((e) => ({ path: e.field, message: e.message })),
        );
  },
};

/**
 * The stored form of a value, or a 400 naming what is wrong, in the visitor's language where the
 * spec gives the message in Russian (the channel id); the others are server texts, said in the
 * caller's language when answered.
 */
export const parseSettingValue = <K extends SettingKey>(
  key: K,
  value: unknown,
  language: string = 'en',
): RelaySettings[K] => parsers[key](value, language);

export const isSecret = (key: SettingKey): boolean => SECRET_SETTINGS.includes(key);

/** A value as an answer may carry it: secrets never, only whether they are set. */
export function publicSetting(key: SettingKey, value: unknown) {
  if (isSecret(key))
    return {
      key,
      value: null,
      isSet: value !== null && value !== undefined,
      masked: value ? '••••••••' : null,
    };
  return { key, value };
}

/** Audit before/after of a setting: a secret appears only as set/unset. */
export const auditValue = (key: SettingKey, value: unknown) =>
  isSecret(key) ? { set: value != null } : value;
