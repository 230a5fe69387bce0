import type { AnilistAnimeResult, CombinedSearchAnswer, ShikimoriAnimeResult } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../../../../api/images';
import { similarityTone } from '../../catalogue/validation';
import {
  anilistKey,
  anilistTitle,
  type Banner,
  type Results,
  shikimoriKey,
  shikimoriTitle,
  unmatched,
} from './model';
import type { AddBody, Existence } from './quickAdd';

/** What a result card needs: the results' existence, the add under way, the add itself and the banner. */
export interface CardContext {
  existence: Existence;
  adding: string | null;
  add: (key: string, body: AddBody, existsKeys: string[]) => Promise<void>;
  onBanner: (b: Banner | null) => void;
}

function ExistsNote({ ctx, k }: { ctx: CardContext; k: string }) {
  const { t } = useTranslation();
  const e = ctx.existence[k];
  if (!e?.exists) return null;
  return (
    <p className="admin-search__exists">
      {e.exactMatch?.franchiseTitle
        ? t('adminCatalogue.search.inDatabaseFranchise', { franchise: e.exactMatch.franchiseTitle })
        : t('adminCatalogue.search.inDatabase')}
    </p>
  );
}

/** Whether any of the keys is known to the catalogue. */
const anyExists = (ctx: CardContext, keys: readonly string[]) => keys.some((k) => ctx.existence[k]?.exists);

interface AddProps {
  ctx: CardContext;
  addKey: string;
  label: string;
  body: AddBody;
  existsKeys: string[];
}

function AddButton({ ctx, addKey, label, body, existsKeys }: AddProps) {
  const { t } = useTranslation();
  const { existence, adding } = ctx;
  const exists = anyExists(ctx, existsKeys);
  const busy = adding === addKey;
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={exists || adding !== null}
      onClick={() => {
        const hit = existsKeys.map((k) => existence[k]).find((e) => e?.exists);
        if (hit) {
          ctx.onBanner({
            tone: 'warning',
            text: t('adminCatalogue.search.animeExists', {
              title: hit.exactMatch?.title ?? body.title ?? '',
            }),
          });
          return;
        }
        void ctx.add(addKey, body, existsKeys);
      }}
    >
      {exists ? t('adminCatalogue.search.added') : busy ? t('adminCatalogue.search.adding') : label}
    </button>
  );
}

function ShikimoriCard({ ctx, s }: { ctx: CardContext; s: ShikimoriAnimeResult }) {
  const { t } = useTranslation();
  return (
    <li className="admin-search__card">
      {s.poster ? (
        <img src={imageSource(s.poster) ?? undefined} alt="" loading="lazy" width={80} height={112} />
      ) : null}
      <div>
        <strong>{shikimoriTitle(s)}</strong>
        <span className="admin-search__sub">
          {[s.name, s.english].filter((x) => x && x !== shikimoriTitle(s)).join(' · ')}
        </span>
        <span className="admin-search__sub">
          Shikimori {s.id} ·{' '}
          {t('adminCatalogue.search.facts', {
            episodes: s.episodes ?? '?',
            status: s.status ?? '?',
            year: s.airedOn.year ?? '?',
          })}
        </span>
        <ExistsNote ctx={ctx} k={shikimoriKey(s.id)} />
        <AddButton
          ctx={ctx}
          addKey={shikimoriKey(s.id)}
          label={t('adminCatalogue.search.addAnime')}
          body={{ shikimoriId: s.id, title: shikimoriTitle(s) }}
          existsKeys={[shikimoriKey(s.id)]}
        />
      </div>
    </li>
  );
}

function AnilistCard({ ctx, a }: { ctx: CardContext; a: AnilistAnimeResult }) {
  const { t } = useTranslation();
  return (
    <li className="admin-search__card">
      {a.coverImage.medium || a.coverImage.large ? (
        <img
          src={imageSource(a.coverImage.medium ?? a.coverImage.large) ?? undefined}
          alt=""
          loading="lazy"
          width={80}
          height={112}
        />
      ) : null}
      <div>
        <strong>{anilistTitle(a)}</strong>
        <span className="admin-search__sub">
          {[a.title.romaji, a.title.native].filter((x) => x && x !== anilistTitle(a)).join(' · ')}
        </span>
        <span className="admin-search__sub">
          AniList {a.id} ·{' '}
          {t('adminCatalogue.search.facts', {
            episodes: a.episodes ?? '?',
            status: a.status ?? '?',
            year: a.startDate.year ?? '?',
          })}
          {a.averageScore !== null ? ` · ${t('adminCatalogue.search.score', { score: a.averageScore })}` : ''}
        </span>
        <ExistsNote ctx={ctx} k={anilistKey(a.id)} />
        <AddButton
          ctx={ctx}
          addKey={anilistKey(a.id)}
          label={t('adminCatalogue.search.addAnime')}
          body={{ anilistId: a.id, title: anilistTitle(a) }}
          existsKeys={[anilistKey(a.id)]}
        />
      </div>
    </li>
  );
}

/** A Shikimori result and an AniList one taken for the same anime. */
function MatchCard({ ctx, m }: { ctx: CardContext; m: CombinedSearchAnswer['matches'][number] }) {
  const { t } = useTranslation();
  const key = `m${m.shikimori.id}-${m.anilist.id}`;
  const keys: [string, string] = [shikimoriKey(m.shikimori.id), anilistKey(m.anilist.id)];
  const cover = m.anilist.coverImage.medium ?? m.anilist.coverImage.large ?? m.shikimori.poster;
  return (
    <li className="admin-search__card">
      {cover ? (
        <img src={imageSource(cover) ?? undefined} alt="" loading="lazy" width={80} height={112} />
      ) : null}
      <div>
        <strong>{m.bestTitle}</strong>{' '}
        <span className={`admin-similarity admin-similarity--${similarityTone(m.similarity)}`}>
          {t('adminCatalogue.search.similarity', { percent: m.similarity })}
        </span>
        <span className="admin-search__sub">
          Shikimori {m.shikimori.id}: {shikimoriTitle(m.shikimori)} · AniList {m.anilist.id}:{' '}
          {anilistTitle(m.anilist)}
        </span>
        <span className="admin-search__sub">
          {t('adminCatalogue.search.facts', {
            episodes: m.shikimori.episodes ?? m.anilist.episodes ?? '?',
            status: m.shikimori.status ?? m.anilist.status ?? '?',
            year: m.shikimori.airedOn.year ?? m.anilist.startDate.year ?? '?',
          })}
          {m.anilist.averageScore !== null
            ? ` · ${t('adminCatalogue.search.score', { score: m.anilist.averageScore })}`
            : ''}
        </span>
        {/* The Shikimori result's note, else the AniList one's. */}
        <ExistsNote ctx={ctx} k={ctx.existence[keys[0]]?.exists ? keys[0] : keys[1]} />
        <div className="admin-table__actions">
          <AddButton
            ctx={ctx}
            addKey={`${key}-both`}
            label={t('adminCatalogue.search.addBoth')}
            body={{ shikimoriId: m.shikimori.id, anilistId: m.anilist.id, title: m.bestTitle }}
            existsKeys={keys}
          />
          <AddButton
            ctx={ctx}
            addKey={`${key}-s`}
            label={t('adminCatalogue.search.addShikimori')}
            body={{ shikimoriId: m.shikimori.id, title: shikimoriTitle(m.shikimori) }}
            existsKeys={keys}
          />
          <AddButton
            ctx={ctx}
            addKey={`${key}-a`}
            label={t('adminCatalogue.search.addAnilist')}
            body={{ anilistId: m.anilist.id, title: anilistTitle(m.anilist) }}
            existsKeys={keys}
          />
        </div>
      </div>
    </li>
  );
}

const shikimoriCards = (ctx: CardContext, list: readonly ShikimoriAnimeResult[]) =>
  list.map((s) => <ShikimoriCard key={`s${s.id}`} ctx={ctx} s={s} />);
const anilistCards = (ctx: CardContext, list: readonly AnilistAnimeResult[]) =>
  list.map((a) => <AnilistCard key={`a${a.id}`} ctx={ctx} a={a} />);

/** The results of a search, by its source (combined: the matches, then the unmatched ones). */
export function AnimeResults({ ctx, results }: { ctx: CardContext; results: Results | null }) {
  const { t } = useTranslation();
  const rest = results?.source === 'combined' ? unmatched(results.answer) : null;
  return (
    <>
      {results?.source === 'combined' ? (
        <>
          <ul className="admin-search__results">
            {results.answer.matches.map((m) => (
              <MatchCard key={`m${m.shikimori.id}-${m.anilist.id}`} ctx={ctx} m={m} />
            ))}
          </ul>
          {rest && rest.shikimori.length + rest.anilist.length > 0 ? (
            <>
              <h3 className="admin-catalogue__subtitle">{t('adminCatalogue.search.unmatched')}</h3>
              <ul className="admin-search__results">
                {shikimoriCards(ctx, rest.shikimori)}
                {anilistCards(ctx, rest.anilist)}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      {results?.source === 'shikimori' ? (
        <ul className="admin-search__results">{shikimoriCards(ctx, results.list)}</ul>
      ) : null}
      {results?.source === 'anilist' ? (
        <ul className="admin-search__results">{anilistCards(ctx, results.list)}</ul>
      ) : null}
    </>
  );
}
