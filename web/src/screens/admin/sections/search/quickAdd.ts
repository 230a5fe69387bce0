import type { TFunction } from 'i18next';
import {
  type AnimeExists,
  type QuickAdd,
  quickAddAnime,
  readNumber,
  readObject,
  readString,
  serverError,
} from '../../../../api/admin-catalogue';
import type { Banner } from './model';

export type Existence = Record<string, AnimeExists>;
export type AddBody = Omit<QuickAdd, 'franchiseId' | 'createFranchise'>;

/** What a quick add needs from the anime tab. */
export interface QuickAddContext {
  t: TFunction;
  onBanner: (b: Banner | null) => void;
  /** The franchise to join (null: none chosen) and whether to create one when none is. */
  franchiseId: number | null;
  createFranchise: boolean;
  /** After an add: the search starts over. */
  cleared(): void;
  /** The result's keys turn into 'already added'. */
  known(existsKeys: string[], known: AnimeExists): void;
}

/** Adds an anime from a search result and says how it went. */
export async function addAnime(ctx: QuickAddContext, body: AddBody, existsKeys: string[]) {
  const { t, onBanner } = ctx;
  try {
    const result = await quickAddAnime({
      franchiseId: ctx.franchiseId,
      createFranchise: ctx.createFranchise,
      ...body,
    });
    if (result.ok) {
      const anime = readObject(readObject(result.body).anime ?? result.body);
      onBanner({
        tone: 'success',
        text: t('adminCatalogue.search.animeAdded', { title: readString(anime.title) ?? body.title ?? '' }),
      });
      ctx.cleared();
    } else if (result.status === 409) {
      const existing = readObject(readObject(readObject(result.body).details).anime);
      const id = readNumber(existing.id);
      onBanner({
        tone: 'warning',
        text:
          id !== null
            ? t('adminCatalogue.search.animeExistsId', { title: readString(existing.title) ?? '', id })
            : t('adminCatalogue.search.animeExistsPlain'),
      });
      // The buttons of this result turn into 'already added'.
      ctx.known(existsKeys, {
        exists: true,
        exactMatch:
          id !== null ? { id, title: readString(existing.title) ?? '', franchiseTitle: null } : null,
      });
    } else {
      onBanner({
        tone: 'error',
        text: serverError(result.body) ?? t('adminCatalogue.search.animeAddError'),
      });
    }
  } catch (err) {
    onBanner({
      tone: 'error',
      text: err instanceof Error && err.message ? err.message : t('adminCatalogue.search.animeAddError'),
    });
  }
}
