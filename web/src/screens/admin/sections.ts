import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The sections of the admin area (requirements C2 and requirements O2), in sidebar order. Each is its own
 * lazy chunk under sections/<id>/index.tsx, so opening one section loads only that section.
 */
export type SectionGroup = 'operations' | 'catalogue';
export type SectionId =
  | 'translations'
  | 'users'
  | 'trades'
  | 'logs'
  | 'cache'
  | 'services'
  | 'news'
  | 'vk'
  | 'search'
  | 'franchises'
  | 'animes'
  | 'characters'
  | 'cards'
  | 'ranks'
  | 'seasons'
  | 'import'
  | 'rarity';
export interface AdminSection {
  id: SectionId;
  group: SectionGroup;
  Component: LazyExoticComponent<ComponentType>;
}

const section = (id: SectionId, group: SectionGroup, load: () => Promise<{ default: ComponentType }>) => ({
  id,
  group,
  Component: lazy(load),
});

export const adminSections: readonly AdminSection[] = [
  section('translations', 'operations', () => import('./sections/translations')),
  section('users', 'operations', () => import('./sections/users')),
  section('trades', 'operations', () => import('./sections/trades')),
  section('logs', 'operations', () => import('./sections/logs')),
  section('cache', 'operations', () => import('./sections/cache')),
  section('services', 'operations', () => import('./sections/services')),
  section('news', 'operations', () => import('./sections/news')),
  section('vk', 'operations', () => import('./sections/vk')),
  section('search', 'catalogue', () => import('./sections/search')),
  section('franchises', 'catalogue', () => import('./sections/franchises')),
  section('animes', 'catalogue', () => import('./sections/animes')),
  section('characters', 'catalogue', () => import('./sections/characters')),
  section('cards', 'catalogue', () => import('./sections/cards')),
  section('ranks', 'catalogue', () => import('./sections/ranks')),
  section('seasons', 'catalogue', () => import('./sections/seasons')),
  section('import', 'catalogue', () => import('./sections/import')),
  section('rarity', 'catalogue', () => import('./sections/rarity')),
];

/** The spec's default section. */
export const DEFAULT_SECTION = 'translations';

/** The section a `?tab=` names; anything unknown or missing is the default. */
export const sectionFor = (tab: string | null): AdminSection =>
  adminSections.find((s) => s.id === tab) ??
  (adminSections.find((s) => s.id === DEFAULT_SECTION) as AdminSection);
