import { bundledLanguageOf } from '@acg/contracts';
import { ValidationError } from '@acg/platform';
import type { FastifyRequest } from 'fastify';

/**
 * The admin catalogue's validation messages (spec 2 §5, §8): the spec's Russian word for word,
 * an English equivalent for the English interface. The server says the same as the screens.
 */
const MESSAGES = {
  nameRequired: { ru: 'Имя обязательно', en: 'Name is required' },
  nameShort: { ru: 'Имя должно содержать минимум 2 символа', en: 'Name must be at least 2 characters' },
  titleRequired: { ru: 'Название обязательно', en: 'Title is required' },
  titleShort: {
    ru: 'Название должно содержать минимум 2 символа',
    en: 'Title must be at least 2 characters',
  },
  shikimoriPositive: {
    ru: 'Shikimori ID должен быть положительным числом',
    en: 'Shikimori ID must be a positive number',
  },
  anilistPositive: {
    ru: 'AniList ID должен быть положительным числом',
    en: 'AniList ID must be a positive number',
  },
  shikimoriTaken: {
    ru: 'Shikimori ID {n} уже существует ({name})',
    en: 'Shikimori ID {n} already exists ({name})',
  },
  anilistTaken: {
    ru: 'AniList ID {n} уже существует ({name})',
    en: 'AniList ID {n} already exists ({name})',
  },
  franchiseExists: { ru: 'Франшиза "{title}" уже существует', en: 'Franchise "{title}" already exists' },
  animeExists: { ru: 'Аниме "{title}" уже существует в базе', en: 'Anime "{title}" already exists' },
  franchiseTitleMissing: { ru: 'Введите название франшизы', en: 'Enter the franchise title' },
  characterIdsMissing: { ru: 'Введите хотя бы один ID персонажа', en: 'Enter at least one character ID' },
  animeAndRank: { ru: 'Выберите аниме и ранг', en: 'Choose an anime and a rank' },
  rankRequired: { ru: 'Выберите ранг', en: 'Choose a rank' },
  characterRequired: { ru: 'Выберите персонажа', en: 'Choose a character' },
  seasonRequired: {
    ru: 'Для лимитированной карточки выберите сезон',
    en: 'Choose a season for a limited card',
  },
  codeRequired: { ru: 'Код ранга обязателен', en: 'The rank code is required' },
  thresholdInvalid: {
    ru: 'Порог должен быть неотрицательным числом',
    en: 'The threshold must be a number of at least 0',
  },
  seasonFields: {
    ru: 'Название, дата начала и дата окончания обязательны',
    en: 'Title, start date and end date are required',
  },
  seasonDates: {
    ru: 'Дата окончания не может быть раньше даты начала',
    en: 'The end date cannot be before the start date',
  },
} as const;
export type MessageKey = keyof typeof MESSAGES;

export function say(
  req: FastifyRequest,
  key: MessageKey,
  values: Record<string, string | number> = {},
): string {
  const text: string = MESSAGES[key][bundledLanguageOf(req.identity.language)];
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A 400 with the message in the caller's language and the field it is about. */
export const invalid = (req: FastifyRequest, key: MessageKey, field: string, values = {}) =>
  new ValidationError(say(req, key, values), { field });
