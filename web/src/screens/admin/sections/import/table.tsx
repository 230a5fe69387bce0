import type { ImportMatch } from '@acg/contracts';
import { useTranslation } from 'react-i18next';
import {
  type AnilistCharacter,
  anilistNames,
  characterSimilarity,
  type ShikimoriCharacter,
  shikimoriNames,
} from '../../catalogue/similarity';
import { headerCheck } from '../../table/model';
import { TriCheckbox } from '../../table/parts';
import { anilistCharacterUrl, shikimoriCharacterUrl } from '../characters';
import { optionsFor } from './model';
import type { ImportModel } from './useImport';

/** The page's AniList characters with their Shikimori matches. */
export function ImportTable({ imp }: { imp: ImportModel }) {
  const { t } = useTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--selectable admin-import__table">
        <thead>
          <tr>
            <th scope="col" data-label={t('adminTable.selectPage')}>
              <TriCheckbox
                state={headerCheck(imp.pageIds, imp.selected)}
                label={t('adminTable.selectPage')}
                onChange={imp.togglePage}
              />
            </th>
            <th scope="col">{t('adminCatalogue.import.cols.anilistId')}</th>
            <th scope="col">{t('adminCatalogue.import.cols.name')}</th>
            <th scope="col">{t('adminCatalogue.import.cols.alt')}</th>
            <th scope="col">{t('adminCatalogue.import.cols.shikimoriId')}</th>
            <th scope="col">{t('adminCatalogue.import.cols.matched')}</th>
            <th scope="col">{t('adminCatalogue.import.cols.matchedAlt')}</th>
            <th scope="col">{t('adminCatalogue.import.cols.percent')}</th>
            <th scope="col">{t('adminCatalogue.links')}</th>
          </tr>
        </thead>
        <tbody>
          {imp.rows.map((c) => (
            <ImportRow key={c.anilistId} imp={imp} c={c} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ImportRow({ imp, c }: { imp: ImportModel; c: AnilistCharacter }) {
  const { t } = useTranslation();
  const there = imp.exists(c.anilistId);
  const sid = imp.chosen.get(c.anilistId) ?? null;
  const match = sid !== null ? imp.optionById.get(sid) : undefined;
  const score = match ? characterSimilarity(c, match) : null;
  return (
    <tr className={there ? 'admin-row--disabled' : undefined}>
      <td data-label={t('adminCatalogue.select')}>
        <input
          type="checkbox"
          aria-label={t('adminCatalogue.selectRow', { name: c.name })}
          disabled={there || imp.importing}
          checked={!there && imp.selected.has(c.anilistId)}
          onChange={() => imp.toggle(c.anilistId)}
        />
        {there ? <span className="admin-badge">{t('adminCatalogue.import.exists')}</span> : null}
      </td>
      <td data-label={t('adminCatalogue.import.cols.anilistId')}>{c.anilistId}</td>
      <NameCell imp={imp} c={c} there={there} found={imp.matches.get(c.anilistId)} />
      <td data-label={t('adminCatalogue.import.cols.alt')}>
        {anilistNames(c)
          .filter((n) => n !== c.name)
          .concat(c.native ? [c.native] : [])
          .join(', ')}
      </td>
      <ShikimoriCell imp={imp} c={c} there={there} sid={sid} />
      <MatchCells match={match} score={score} />
      <td data-label={t('adminCatalogue.links')}>
        <span className="admin-catalogue__links">
          <a href={anilistCharacterUrl(c.anilistId)} target="_blank" rel="noreferrer">
            AniList
          </a>
          {sid !== null ? (
            <a href={shikimoriCharacterUrl(sid)} target="_blank" rel="noreferrer">
              Shikimori
            </a>
          ) : null}
        </span>
      </td>
    </tr>
  );
}

interface CellProps {
  imp: ImportModel;
  c: AnilistCharacter;
  there: boolean;
}

/** The name and, beyond the spec (issue 28), the catalogue character this row already is. */
function NameCell({ imp, c, there, found }: CellProps & { found: ImportMatch | undefined }) {
  const { t } = useTranslation();
  return (
    <td data-label={t('adminCatalogue.import.cols.name')}>
      {c.name}
      {found && !there ? (
        <label className="admin-import__link">
          <input
            type="checkbox"
            checked={!imp.unlinked.has(c.anilistId)}
            disabled={imp.importing}
            onChange={() => imp.toggleLink(c.anilistId)}
          />
          <span>
            {t('adminCatalogue.import.linkTo', {
              name: found.character.name,
              id: found.character.id,
              score: found.score,
            })}
            {found.inAnime ? null : (
              <span className="admin-muted"> ({t('adminCatalogue.import.linkElsewhere')})</span>
            )}
          </span>
        </label>
      ) : null}
    </td>
  );
}

/** The Shikimori match to choose, or an id to look up. */
function ShikimoriCell({ imp, c, there, sid }: CellProps & { sid: number | null }) {
  const { t } = useTranslation();
  const { manual } = imp;
  return (
    <td data-label={t('adminCatalogue.import.cols.shikimoriId')}>
      <select
        aria-label={t('adminCatalogue.import.pick', { name: c.name })}
        value={sid ?? ''}
        disabled={there || imp.importing}
        onChange={(e) => imp.setMatch(c.anilistId, e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">{t('adminCatalogue.none')}</option>
        {optionsFor(c.anilistId, imp.options, imp.chosen).map((o) => (
          <option key={o.shikimoriId} value={o.shikimoriId}>
            {o.shikimoriId} — {o.name}
          </option>
        ))}
      </select>
      <span className="admin-import__manual">
        <input
          inputMode="numeric"
          aria-label={t('adminCatalogue.import.manual', { name: c.name })}
          value={manual[c.anilistId] ?? ''}
          disabled={there}
          onChange={(e) => imp.setManual((m) => ({ ...m, [c.anilistId]: e.target.value }))}
        />
        <button
          type="button"
          className="button button--ghost"
          disabled={!manual[c.anilistId]?.trim() || imp.lookingUp !== null}
          onClick={() => void imp.lookup(c.anilistId)}
        >
          {t('adminCatalogue.import.ok')}
        </button>
      </span>
    </td>
  );
}

/** The matched character's name, other names and similarity. */
function MatchCells({ match, score }: { match: ShikimoriCharacter | undefined; score: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <td data-label={t('adminCatalogue.import.cols.matched')}>{match?.name ?? '-'}</td>
      <td data-label={t('adminCatalogue.import.cols.matchedAlt')}>
        {match
          ? shikimoriNames(match)
              .filter((n) => n !== match.name)
              .concat(match.japanese ? [match.japanese] : [])
              .join(', ')
          : '-'}
      </td>
      <td data-label={t('adminCatalogue.import.cols.percent')}>
        {score !== null ? `${Math.round(score * 100)}%` : '-'}
      </td>
    </>
  );
}
