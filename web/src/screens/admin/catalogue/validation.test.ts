import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n';
import { say } from './say';
import {
  type CardForm,
  type Message,
  parseIdList,
  similarityTone,
  singleCardBody,
  validateAnime,
  validateCardForm,
  validateCharacter,
  validateFranchise,
} from './validation';

const ru = createI18n('ru').t;
const en = createI18n('en').t;
const text = (m: Message | null) => (m ? say(ru, m) : null);

const characters = [{ name: 'Levi Ackerman', shikimoriId: 45627, anilistId: 45627 }];
const animes = [{ title: 'Shingeki no Kyojin', shikimoriId: 16498, anilistId: 16498 }];
const card = (over: Partial<CardForm>): CardForm => ({
  mode: 'single',
  characterId: '',
  characterIds: '',
  animeId: '',
  rankId: '',
  seasonId: '',
  limited: false,
  useImage: false,
  imageUrl: '',
  ...over,
});

describe('requirements C5 messages, word for word in ru', () => {
  it('character add', () => {
    const form = { name: '', shikimoriId: '', anilistId: '' };
    expect(text(validateCharacter({ ...form, name: '   ' }, characters))).toBe('Имя обязательно');
    expect(text(validateCharacter({ ...form, name: ' Л ' }, characters))).toBe(
      'Имя должно содержать минимум 2 символа',
    );
    expect(text(validateCharacter({ ...form, name: 'Eren', shikimoriId: '-5' }, characters))).toBe(
      'Shikimori ID должен быть положительным числом',
    );
    expect(text(validateCharacter({ ...form, name: 'Eren', shikimoriId: '0' }, characters))).toBe(
      'Shikimori ID должен быть положительным числом',
    );
    expect(text(validateCharacter({ ...form, name: 'Eren', anilistId: 'abc' }, characters))).toBe(
      'AniList ID должен быть положительным числом',
    );
    expect(text(validateCharacter({ ...form, name: 'Eren', shikimoriId: '45627' }, characters))).toBe(
      'Shikimori ID 45627 уже существует (Levi Ackerman)',
    );
    expect(text(validateCharacter({ ...form, name: 'Eren', anilistId: ' 45627 ' }, characters))).toBe(
      'AniList ID 45627 уже существует (Levi Ackerman)',
    );
    expect(
      validateCharacter({ ...form, name: 'Eren', shikimoriId: '40882', anilistId: '' }, characters),
    ).toBeNull();
  });

  it('franchise add', () => {
    const list = [{ title: 'Attack on Titan' }];
    expect(text(validateFranchise(' ', list))).toBe('Название обязательно');
    expect(text(validateFranchise('A', list))).toBe('Название должно содержать минимум 2 символа');
    expect(text(validateFranchise(' attack ON titan ', list))).toBe(
      'Франшиза "Attack on Titan" уже существует',
    );
    expect(validateFranchise('Demon Slayer', list)).toBeNull();
  });

  it('anime add', () => {
    const form = { title: 'Kimetsu no Yaiba', shikimoriId: '38000', anilistId: '' };
    expect(text(validateAnime({ ...form, title: '' }, animes))).toBe('Название обязательно');
    expect(text(validateAnime({ ...form, title: ' K ' }, animes))).toBe(
      'Название должно содержать минимум 2 символа',
    );
    expect(text(validateAnime({ ...form, shikimoriId: '' }, animes))).toBe(
      'Shikimori ID должен быть положительным числом',
    );
    expect(text(validateAnime({ ...form, anilistId: '1.5' }, animes))).toBe(
      'AniList ID должен быть положительным числом',
    );
    expect(text(validateAnime({ ...form, shikimoriId: '16498' }, animes))).toContain('Shingeki no Kyojin');
    expect(text(validateAnime({ ...form, anilistId: '16498' }, animes))).toContain('Shingeki no Kyojin');
    expect(validateAnime(form, animes)).toBeNull();
  });

  it('card add modes', () => {
    expect(text(validateCardForm(card({ mode: 'bulk', characterIds: ' , ;x ', rankId: '1' })))).toBe(
      'Введите хотя бы один ID персонажа',
    );
    expect(text(validateCardForm(card({ mode: 'anime', rankId: '1' })))).toBe('Выберите аниме и ранг');
    expect(text(validateCardForm(card({ mode: 'anime', animeId: '3' })))).toBe('Выберите аниме и ранг');
    expect(text(validateCardForm(card({ mode: 'all' })))).toBe('Выберите ранг');
    expect(validateCardForm(card({ mode: 'all', rankId: '2' }))).toBeNull();
    expect(
      validateCardForm(card({ mode: 'single', characterId: '5', rankId: '2', limited: true })),
    ).not.toBeNull();
    expect(
      validateCardForm(card({ mode: 'single', characterId: '5', rankId: '2', limited: true, seasonId: '1' })),
    ).toBeNull();
    expect(ru('adminCatalogue.cards.confirmAll')).toBe(
      'Это действие создаст карточки для ВСЕХ аниме. Продолжить?',
    );
    expect(ru('adminCatalogue.cards.added', { added: 3, skipped: 1 })).toBe('Добавлено: 3, Пропущено: 1');
  });

  it('says the same in English without Cyrillic in the en interface', () => {
    const m = validateCharacter({ name: 'Eren', shikimoriId: '45627', anilistId: '' }, characters);
    expect(m && say(en, m)).toBe('Shikimori ID 45627 already exists (Levi Ackerman)');
    expect(say(en, { key: 'adminCatalogue.cards.needIds' })).not.toMatch(/[\u0400-\u04FF]/);
  });
});

describe('card bodies and badges', () => {
  it('splits character ids on commas or whitespace', () => {
    expect(parseIdList('1, 2,3\n4\t5  2 x -1 0')).toEqual([1, 2, 3, 4, 5]);
  });

  it('sends the season only if limited and the image only if the option is on and given', () => {
    expect(singleCardBody(card({ characterId: '5', rankId: '2', seasonId: '9', imageUrl: 'u' }))).toEqual({
      character_id: 5,
      rank_id: 2,
      limited: false,
    });
    expect(
      singleCardBody(
        card({
          characterId: '5',
          rankId: '2',
          seasonId: '9',
          limited: true,
          useImage: true,
          imageUrl: ' /x.png ',
        }),
      ),
    ).toEqual({ character_id: 5, rank_id: 2, limited: true, season_id: 9, imageUrl: '/x.png' });
    expect(
      singleCardBody(card({ characterId: '5', rankId: '2', useImage: true, imageUrl: '  ' })),
    ).not.toHaveProperty('imageUrl');
  });

  it('colours similarity green at 90+, yellow at 70+, orange below', () => {
    expect([100, 90, 89, 70, 69, 0].map(similarityTone)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
    ]);
  });
});
