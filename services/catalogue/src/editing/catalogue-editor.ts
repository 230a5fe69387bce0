import type { CardSummary, EventEnvelope } from '@acg/contracts';
import {
  type Database,
  enqueue,
  NotFoundError,
  type ServerText,
  type Tx,
  text,
  ValidationError,
} from '@acg/platform';
import type { CatalogueCaches, CatalogueNamespace } from '../caches';
import { outbox } from '../db/schema';
import { changedCards } from '../domain/changed-cards';
import { announceCardChanges } from '../repository/card-events';
import { findCardSummaries, findCardSummariesOf } from '../repository/cards';
import {
  type AnimeRow,
  type CharacterPatch,
  deleteCardRow,
  deleteCharacterRow,
  insertAnime,
  insertCard,
  lockRow,
  type RankPatch,
  rankIdByCode,
  type SeasonPatch,
  updateCardRow,
  updateCharacterRow,
  updateRankRow,
  updateSeasonRow,
} from '../repository/catalogue-writes';
import { asConstraintError } from '../repository/database-errors';

export interface EditOutcome<T> {
  before: CardSummary[];
  after: CardSummary[];
  result: T;
  /** audit.recorded events of the change (auditEventFor), written with it. */
  audit?: EventEnvelope[];
}

export interface CardInput {
  characterId: number;
  rankCode: string;
  seasonId?: number | null;
  limited?: boolean;
  imageUrl?: string | null;
  rarityScore?: number;
}

interface EditorOptions {
  database: Database;
  caches: CatalogueCaches;
  /** Called after a commit that wrote events (the outbox relay's kick). */
  onEventsWritten?: () => void;
}
type Edit = <T>(
  touches: Array<CatalogueNamespace | 'stats'>,
  work: (tx: Tx) => Promise<EditOutcome<T>>,
) => Promise<T>;

/**
 * Any catalogue change: `work` runs in one transaction and says which cards it changed (their
 * card.* events follow) and which audit events to record; the caches in `touches` are cleared
 * after the commit. A broken constraint is a 4xx (asConstraintError).
 */
function editorOf(opts: EditorOptions): Edit {
  return async (touches, work) => {
    let written = 0;
    let result: Awaited<ReturnType<typeof work>>['result'];
    try {
      result = await opts.database.transaction(async (tx) => {
        const done = await work(tx);
        written = await announceCardChanges(tx, changedCards(done.before, done.after));
        // The administrator's change and its audit record commit together (rules §36).
        for (const event of done.audit ?? []) await enqueue(tx, outbox, event);
        written += done.audit?.length ?? 0;
        return done.result;
      });
    } catch (err) {
      throw asConstraintError(err);
    }
    await opts.caches.invalidate(...touches);
    if (written > 0) opts.onEventsWritten?.();
    return result;
  };
}

const mustLock = async (tx: Tx, table: Parameters<typeof lockRow>[1], id: number, missing: ServerText) => {
  if (!(await lockRow(tx, table, id))) throw new NotFoundError(missing, { id });
};
const rankIdOf = async (tx: Tx, code: string) => {
  const id = await rankIdByCode(tx, code);
  if (id === undefined)
    throw new ValidationError(text('catalogue.unknownRank', { code }), { rankCode: code });
  return id;
};
const cardRow = async (tx: Tx, input: Partial<CardInput>) => {
  const { rankCode, ...rest } = input;
  return { ...rest, ...(rankCode === undefined ? {} : { rankId: await rankIdOf(tx, rankCode) }) };
};
const summaryOf = async (tx: Tx, id: number) => (await findCardSummaries(tx, [id]))[0]!;

/** Cards: create, change, delete, each with its card event. */
const cardEdits = (edit: Edit) => ({
  createCard: (input: CardInput) =>
    edit(['characters', 'cards', 'stats'], async (tx) => {
      const { rankCode, ...rest } = input;
      const id = await insertCard(tx, { ...rest, rankId: await rankIdOf(tx, rankCode) });
      const card = await summaryOf(tx, id);
      return { before: [], after: [card], result: card };
    }),
  updateCard: (id: number, patch: Partial<CardInput>) =>
    edit(['characters', 'cards'], async (tx) => {
      await mustLock(tx, 'cards', id, text('catalogue.cardNotFound'));
      const before = await summaryOf(tx, id);
      await updateCardRow(tx, id, await cardRow(tx, patch));
      const after = await summaryOf(tx, id);
      return { before: [before], after: [after], result: after };
    }),
  deleteCard: (id: number) =>
    edit(['characters', 'cards', 'stats'], async (tx) => {
      await mustLock(tx, 'cards', id, text('catalogue.cardNotFound'));
      const before = await findCardSummaries(tx, [id]);
      await deleteCardRow(tx, id);
      return { before, after: [], result: undefined };
    }),
});

/** Characters, ranks, seasons and anime: each edit updates the cards it touches. */
const otherEdits = (edit: Edit) => ({
  updateCharacter: (id: number, patch: CharacterPatch) =>
    edit(['characters', 'cards'], async (tx) => {
      await mustLock(tx, 'characters', id, text('catalogue.characterNotFound'));
      const before = await findCardSummariesOf(tx, { characterId: id });
      await updateCharacterRow(tx, id, patch);
      return { before, after: await findCardSummariesOf(tx, { characterId: id }), result: undefined };
    }),
  /** Its cards and anime links go with it. */
  deleteCharacter: (id: number) =>
    edit(['characters', 'cards', 'stats'], async (tx) => {
      await mustLock(tx, 'characters', id, text('catalogue.characterNotFound'));
      const before = await findCardSummariesOf(tx, { characterId: id });
      await deleteCharacterRow(tx, id);
      return { before, after: [], result: undefined };
    }),
  updateRank: (code: string, patch: RankPatch) =>
    edit(['ranks', 'characters', 'cards'], async (tx) => {
      const id = await rankIdOf(tx, code);
      await mustLock(tx, 'ranks', id, text('catalogue.rankNotFound'));
      const before = await findCardSummariesOf(tx, { rankId: id });
      await updateRankRow(tx, id, patch);
      return { before, after: await findCardSummariesOf(tx, { rankId: id }), result: undefined };
    }),
  /** A season's dates decide which limited cards can be drawn (the draw pool reloads). */
  updateSeason: (id: number, patch: SeasonPatch) =>
    edit(['cards'], async (tx) => {
      await mustLock(tx, 'seasons', id, text('catalogue.seasonNotFound'));
      await updateSeasonRow(tx, id, patch);
      return { before: [], after: [], result: undefined };
    }),
  createAnime: (row: AnimeRow, characterIds: number[] = []) =>
    edit(['animes', 'characters', 'cards', 'stats'], async (tx) => ({
      before: [],
      after: [],
      result: { id: await insertAnime(tx, row, characterIds) },
    })),
});

/**
 * Every change to the catalogue goes through here (the admin routes of requirements C build on it). An
 * edit commits with the card events it causes in the outbox (card.created / card.updated /
 * card.deleted with the card's summary; a character's or rank's edit updates each of its cards),
 * then clears the cached lists it affects, which also makes every replica reload its draw pool.
 */
export function createCatalogueEditor(opts: EditorOptions) {
  const edit = editorOf(opts);
  return { run: edit, ...cardEdits(edit), ...otherEdits(edit) };
}

export type CatalogueEditor = ReturnType<typeof createCatalogueEditor>;
