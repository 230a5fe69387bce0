import type { FakeAnime, FakeAnimeCatalogue, FakeCharacter, FakePerson, RoleName } from '../anime-data';
import { genre, studioId } from '../anime-data/genres';

/** Shikimori's image URLs carry an upload timestamp as the query. */
const stamp = (id: number) => 1_700_000_000 + (id % 1_000_000);
const SIZES = ['original', 'preview', 'x96', 'x48'] as const;

/** Relative paths, as Shikimori's API sends them; missing art points at its placeholder. */
export function imageSet(kind: 'animes' | 'characters' | 'people', id: number, present: boolean) {
  return Object.fromEntries(
    SIZES.map((size) => [
      size,
      present ? `/system/${kind}/${size}/${id}.jpg?${stamp(id)}` : `/assets/globals/missing_${size}.jpg`,
    ]),
  ) as Record<(typeof SIZES)[number], string>;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Scores are strings with at least one decimal: "8.75", "9.0", "0.0". */
const scoreText = (score: number) => (Number.isInteger(score) ? score.toFixed(1) : String(score));

/**
 * Text as Shikimori's API sends it in names and descriptions: its typograph joins a one-letter
 * Russian word to the next and a dash to the word before with a no-break space written
 * `&nbsp;`, and `&` and `"` come as `&amp;` and `&quot;` (readers decode them).
 */
export function siteText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/(^|[\s(«])([вксоуиаяВКСОУИАЯ]) /g, '$1$2&nbsp;')
    .replace(/ ([—–])/g, '&nbsp;$1');
}
const siteTextOrNull = (text: string | null) => (text === null ? null : siteText(text));

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** BBCode [character=id]…[/character] becomes the site's tooltip links. */
export function descriptionHtml(description: string | null): string {
  if (description === null) return '';
  const body = escapeHtml(description).replace(
    /\[character=(\d+)\](.*?)\[\/character\]/g,
    (_, id: string, text: string) =>
      `<a href="/characters/${id}" title="${text}" class="bubbled b-link" data-tooltip_url="/characters/${id}/tooltip">${text}</a>`,
  );
  return `<div class="b-text_with_paragraphs">${body}</div>`;
}

const updatedAt = (id: number) => new Date(Date.UTC(2025, 0, 1) + (id % 300) * 86_400_000).toISOString();

/** An entry of GET /api/animes (and of a character's `animes`). */
export function animeListItem(a: FakeAnime) {
  return {
    id: a.shikimoriId,
    name: siteText(a.name),
    russian: a.russian === null ? '' : siteText(a.russian),
    image: imageSet('animes', a.shikimoriId, a.hasImage),
    url: `/animes/${a.shikimoriId}-${slug(a.name)}`,
    kind: a.kind,
    score: scoreText(a.score),
    status: a.status,
    episodes: a.episodes,
    episodes_aired: a.episodesAired,
    aired_on: a.airedOn,
    released_on: a.releasedOn,
  };
}

/** GET /api/animes/:id. */
export function animeDetail(a: FakeAnime) {
  return {
    ...animeListItem(a),
    rating: a.rating,
    english: [a.english],
    japanese: [a.japanese],
    synonyms: a.synonyms,
    license_name_ru: null,
    duration: a.duration,
    description: siteTextOrNull(a.description),
    description_html: descriptionHtml(a.description),
    description_source: null,
    franchise: a.franchise,
    favoured: false,
    anons: a.status === 'anons',
    ongoing: a.status === 'ongoing',
    thread_id: 100_000 + a.shikimoriId,
    topic_id: 100_000 + a.shikimoriId,
    myanimelist_id: a.malId,
    rates_scores_stats: [],
    rates_statuses_stats: [],
    updated_at: updatedAt(a.shikimoriId),
    next_episode_at: a.status === 'ongoing' ? new Date(Date.now() + 3 * 86_400_000).toISOString() : null,
    fansubbers: [],
    fandubbers: [],
    licensors: [],
    genres: a.genres.map((name) => {
      const g = genre(name);
      return { id: g.id, name: g.name, russian: g.russian, kind: g.kind, entry_type: 'Anime' };
    }),
    studios: a.studios.map((name) => ({
      id: studioId(name),
      name,
      filtered_name: name,
      real: true,
      image: `/system/studios/original/${studioId(name)}.png?${stamp(studioId(name))}`,
    })),
    videos: [],
    screenshots: [],
    user_rate: null,
  };
}

const ROLE_RUSSIAN: Record<string, string> = {
  Main: 'Главная',
  Supporting: 'Второстепенная',
  Director: 'Режиссёр',
  'Series Composition': 'Компоновка серий',
  'Original Creator': 'Автор оригинала',
};

export function characterBrief(c: FakeCharacter) {
  return {
    id: c.shikimoriId,
    name: c.name,
    russian: c.russian ?? '',
    image: imageSet('characters', c.shikimoriId, c.hasImage),
    url: `/characters/${c.shikimoriId}-${slug(c.name)}`,
  };
}

function personBrief(p: FakePerson) {
  return {
    id: p.id,
    name: p.name,
    russian: p.russian,
    image: imageSet('people', p.id, true),
    url: `/people/${p.id}-${slug(p.name)}`,
  };
}

/** GET /api/animes/:id/roles: the cast, then staff entries (character null), as the site mixes them. */
export function animeRoles(catalogue: FakeAnimeCatalogue, a: FakeAnime) {
  const roleEntry = (roles: string[]) => ({ roles, roles_russian: roles.map((r) => ROLE_RUSSIAN[r] ?? r) });
  return [
    ...catalogue.castOf(a).map(({ character, role }) => ({
      ...roleEntry([role]),
      character: characterBrief(character),
      person: null,
    })),
    ...a.staff.map((s) => ({ ...roleEntry(s.roles), character: null, person: personBrief(s.person) })),
  ];
}

/** GET /api/characters/:id. */
export function characterDetail(catalogue: FakeAnimeCatalogue, c: FakeCharacter) {
  return {
    ...characterBrief(c),
    altname: c.altname,
    japanese: c.japanese,
    description: siteTextOrNull(c.description),
    description_html: descriptionHtml(c.description),
    description_source: null,
    favoured: false,
    thread_id: 200_000 + c.shikimoriId,
    topic_id: 200_000 + c.shikimoriId,
    updated_at: updatedAt(c.shikimoriId),
    seyu: c.seyu ? [personBrief(c.seyu)] : [],
    animes: catalogue.appearancesOf(c).map(({ anime, role }: { anime: FakeAnime; role: RoleName }) => ({
      ...animeListItem(anime),
      roles: [role],
      role,
    })),
    mangas: [],
  };
}
