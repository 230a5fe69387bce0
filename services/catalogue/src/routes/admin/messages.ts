import { bundledLanguageOf, fillPlaceholders } from '@acg/contracts';
import { NotFoundError, ValidationError } from '@acg/platform';
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
  // The server's own refusals the screens show as they come (ranks, seasons, deletes).
  rankCodeTaken: {
    ru: 'Ранг с кодом "{code}" уже существует',
    en: 'A rank with the code "{code}" already exists',
  },
  rankInUse: {
    ru: 'Этот ранг есть у карточек ({n}); сначала смените их ранг',
    en: 'This rank is used by {n} card(s); change their rank first',
  },
  seasonInUse: {
    ru: 'В этом сезоне есть лимитированные карточки ({n}); сначала удалите или перенесите их',
    en: 'This season has {n} limited card(s); delete or move them first',
  },
  cardsHeld: {
    ru: '{what}: удалить нельзя, карточки есть у игроков (карточек: {n}, записей в коллекциях: {entries})',
    en: '{what}: {n} card(s) are held by players ({entries} collection entries) and cannot be deleted',
  },
  inventoryUnavailable: {
    ru: 'Инвентарь сейчас не может сказать, у кого эти карточки; ничего не удалено',
    en: 'Inventory cannot say who holds these cards right now; nothing was deleted',
  },
  cardNotFound: { ru: 'Карточка не найдена', en: 'Card not found' },
  characterNotFound: { ru: 'Персонаж не найден', en: 'Character not found' },
  franchiseNotFound: { ru: 'Франшиза не найдена', en: 'Franchise not found' },
  animeNotFound: { ru: 'Аниме не найдено', en: 'Anime not found' },
  rankNotFound: { ru: 'Ранг не найден', en: 'Rank not found' },
  seasonNotFound: { ru: 'Сезон не найден', en: 'Season not found' },
  cardWord: { ru: 'Карточка {id}', en: 'Card {id}' },
  characterWord: { ru: 'Персонаж {id}', en: 'Character {id}' },
  charactersWord: { ru: 'Персонажи ({n})', en: '{n} characters' },
  // Rarity runs and analyses (rules §37), by the `details.reason` the job gives.
  already_running: {
    ru: 'Пересчёт редкости уже идёт; дождитесь его окончания',
    en: 'A rarity recalculation is already running',
  },
  no_active_players: {
    ru: 'За последние {activeDays} дней не было активных игроков: у всех карточек была бы одна редкость, ранги оставлены как есть',
    en: 'No player has been active in the last {activeDays} days, so every card would score the same; the ranks are left as they are',
  },
  inventory_unavailable: {
    ru: 'Инвентарь сейчас не может дать данные о владельцах; ничего не изменено',
    en: 'Inventory cannot give the ownership figures right now; nothing changed',
  },
} as const;
export type MessageKey = keyof typeof MESSAGES;

export const isMessageKey = (key: unknown): key is MessageKey =>
  typeof key === 'string' && Object.hasOwn(MESSAGES, key);

/** A message in a language (its bundled language), its `{name}` placeholders filled from `values`. */
export const sayIn = (language: string, key: MessageKey, values: Readonly<Record<string, unknown>> = {}) =>
  fillPlaceholders(MESSAGES[key][bundledLanguageOf(language)], values);

/** A message in the caller's language. */
export const say = (req: FastifyRequest, key: MessageKey, values: Readonly<Record<string, unknown>> = {}) =>
  sayIn(req.identity.language, key, values);

/** A 404 in the caller's language. */
export const notFound = (req: FastifyRequest, key: MessageKey, details?: Record<string, unknown>) =>
  new NotFoundError(say(req, key), details);

/** A 400 with the message in the caller's language and the field it is about. */
export const invalid = (req: FastifyRequest, key: MessageKey, field: string, values = {}) =>
  new ValidationError(say(req, key, values), { field });
