import { buildSchema } from 'graphql';

/**
 * The part of AniList's GraphQL schema (API v2) that an anime search, an anime page and a
 * character import read, with AniList's type, field, argument and enum names. Any valid query
 * over these fields runs; anything else fails validation as it would on the site.
 */
export const anilistSchema = buildSchema(/* GraphQL */ `
  type Query {
    Page(page: Int, perPage: Int): Page
    Media(id: Int, idMal: Int, search: String, type: MediaType, format: MediaFormat, status: MediaStatus): Media
    Character(id: Int, search: String): Character
  }

  type Page {
    pageInfo: PageInfo
    media(
      id: Int
      idMal: Int
      search: String
      type: MediaType
      format: MediaFormat
      status: MediaStatus
      id_in: [Int]
      idMal_in: [Int]
      sort: [MediaSort]
      isAdult: Boolean
    ): [Media]
    characters(id: Int, search: String, id_in: [Int], sort: [CharacterSort]): [Character]
  }

  type PageInfo {
    total: Int
    perPage: Int
    currentPage: Int
    lastPage: Int
    hasNextPage: Boolean
  }

  enum MediaType { ANIME MANGA }
  enum MediaFormat { TV TV_SHORT MOVIE SPECIAL OVA ONA MUSIC MANGA NOVEL ONE_SHOT }
  enum MediaStatus { FINISHED RELEASING NOT_YET_RELEASED CANCELLED HIATUS }
  enum MediaSeason { WINTER SPRING SUMMER FALL }
  enum MediaSort {
    ID ID_DESC TITLE_ROMAJI TITLE_ROMAJI_DESC TITLE_ENGLISH TITLE_ENGLISH_DESC TITLE_NATIVE TITLE_NATIVE_DESC
    START_DATE START_DATE_DESC SCORE SCORE_DESC POPULARITY POPULARITY_DESC EPISODES EPISODES_DESC
    FAVOURITES FAVOURITES_DESC SEARCH_MATCH
  }
  enum CharacterRole { MAIN SUPPORTING BACKGROUND }
  enum CharacterSort { ID ID_DESC ROLE ROLE_DESC SEARCH_MATCH FAVOURITES FAVOURITES_DESC RELEVANCE }

  type Media {
    id: Int!
    idMal: Int
    title: MediaTitle
    type: MediaType
    format: MediaFormat
    status(version: Int): MediaStatus
    description(asHtml: Boolean): String
    startDate: FuzzyDate
    endDate: FuzzyDate
    season: MediaSeason
    seasonYear: Int
    episodes: Int
    duration: Int
    countryOfOrigin: String
    isAdult: Boolean
    coverImage: MediaCoverImage
    bannerImage: String
    genres: [String]
    synonyms: [String]
    averageScore: Int
    meanScore: Int
    popularity: Int
    favourites: Int
    siteUrl: String
    characters(page: Int, perPage: Int, sort: [CharacterSort], role: CharacterRole): CharacterConnection
  }

  type MediaTitle {
    romaji(stylised: Boolean): String
    english(stylised: Boolean): String
    native(stylised: Boolean): String
    userPreferred: String
  }

  type MediaCoverImage {
    extraLarge: String
    large: String
    medium: String
    color: String
  }

  type FuzzyDate {
    year: Int
    month: Int
    day: Int
  }

  type CharacterConnection {
    edges: [CharacterEdge]
    nodes: [Character]
    pageInfo: PageInfo
  }

  type CharacterEdge {
    node: Character
    id: Int
    role: CharacterRole
    name: String
    favouriteOrder: Int
  }

  type Character {
    id: Int!
    name: CharacterName
    image: CharacterImage
    description(asHtml: Boolean): String
    gender: String
    age: String
    siteUrl: String
    favourites: Int
    media(page: Int, perPage: Int, sort: [MediaSort], type: MediaType): MediaConnection
  }

  type CharacterName {
    first: String
    middle: String
    last: String
    full: String
    native: String
    alternative: [String]
    alternativeSpoiler: [String]
    userPreferred: String
  }

  type CharacterImage {
    large: String
    medium: String
  }

  type MediaConnection {
    edges: [MediaEdge]
    nodes: [Media]
    pageInfo: PageInfo
  }

  type MediaEdge {
    node: Media
    id: Int
    characterRole: CharacterRole
  }
`);
