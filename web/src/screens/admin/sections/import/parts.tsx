import { useTranslation } from 'react-i18next';
import { say } from '../../catalogue/say';
import { shownRange } from '../../table/model';
import { PageNav, pageWords } from '../../table/parts';
import { IMPORT_BATCH_SIZE, IMPORT_CONFIRM_ABOVE, IMPORT_PAGE_SIZE } from './model';
import type { ImportModel } from './useImport';

/** The anime whose characters to import. */
export function AnimePicker({ imp }: { imp: ImportModel }) {
  const { t } = useTranslation();
  return (
    <label className="admin-field admin-field--grow">
      <span className="admin-field__label">{t('adminCatalogue.import.anime')}</span>
      <select
        value={imp.animeId}
        onChange={(e) => void imp.choose(e.target.value)}
        disabled={imp.loading || imp.importing}
      >
        <option value="">{t('adminCatalogue.choose')}</option>
        {imp.animes.map((a) => (
          <option key={a.id} value={a.id}>
            {t('adminCatalogue.import.animeOption', { title: a.title, id: a.shikimoriId ?? '-' })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Loading, a load error, a match error, or no characters. */
export function ImportNotices({ imp }: { imp: ImportModel }) {
  const { t } = useTranslation();
  const { loading, error, matchError } = imp;
  return (
    <>
      {loading ? (
        <p className="admin-loading" role="status">
          {t('adminCatalogue.import.loading')}
        </p>
      ) : null}
      {error ? (
        <p className="admin-error" role="alert">
          {say(t, error)}
        </p>
      ) : null}
      {matchError ? (
        <p className="admin-warning" role="alert">
          {t('adminCatalogue.import.matchesFailed', { error: matchError })}
        </p>
      ) : null}
      {imp.anime && !loading && !error && imp.anilist.length === 0 ? (
        <p className="admin-table__empty">{t('adminCatalogue.import.none')}</p>
      ) : null}
    </>
  );
}

/** Select all, clear, import; and the warning about a large selection. */
export function ImportToolbar({ imp }: { imp: ImportModel }) {
  const { t } = useTranslation();
  const { selected, importing } = imp;
  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="button button--ghost" onClick={imp.selectAll} disabled={importing}>
          {t('adminCatalogue.import.selectAll', { n: imp.selectable.length })}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => imp.setSelected(new Set())}
          disabled={importing}
        >
          {t('adminCatalogue.import.clear')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={imp.loading || importing || selected.size === 0}
          onClick={() => void imp.runImport()}
        >
          {t('adminCatalogue.import.run', { n: selected.size })}
        </button>
      </div>
      {selected.size > IMPORT_CONFIRM_ABOVE ? (
        <p className="admin-warning" role="status">
          {t('adminCatalogue.import.manyWarning', { n: selected.size, batch: IMPORT_BATCH_SIZE })}
        </p>
      ) : null}
    </>
  );
}

/** The batches' progress and, once done, the report. */
export function ImportProgress({ imp }: { imp: ImportModel }) {
  const { t } = useTranslation();
  const { progress, report } = imp;
  return (
    <>
      {progress ? (
        <div className="admin-import__progress">
          <progress
            max={progress.total}
            value={progress.done}
            aria-label={t('adminCatalogue.import.progress')}
          />
          <span>{t('adminCatalogue.import.batches', { done: progress.done, total: progress.total })}</span>
        </div>
      ) : null}
      {report ? (
        report.errors.length === 0 ? (
          <div className="admin-banner admin-banner--success" role="status">
            {t('adminCatalogue.import.success', {
              created: report.created,
              updated: report.updated,
              conflicts: report.conflicts,
            })}
          </div>
        ) : (
          <div className="admin-banner admin-banner--error" role="alert">
            <p>{t('adminCatalogue.import.failed', { created: report.created, updated: report.updated })}</p>
            <ul>
              {report.errors.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
                <li key={i}>{say(t, m)}</li>
              ))}
            </ul>
          </div>
        )
      ) : null}
    </>
  );
}

/** The page navigation above or below the table. */
export function ImportPager({ imp, where }: { imp: ImportModel; where: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const { pages } = imp;
  const current = Math.min(imp.page, pages);
  const range = shownRange(current, IMPORT_PAGE_SIZE, imp.anilist.length);
  return (
    <PageNav
      label={t(`adminCatalogue.import.pager.${where}`)}
      page={current}
      pages={pages}
      onPage={imp.setPage}
      words={pageWords(t, 'adminTable')}
      after={
        <span className="admin-range">
          {t('adminCatalogue.import.shown', { shown: imp.rows.length, total: range.total })}
        </span>
      }
    >
      <span>{t('adminCatalogue.import.pageN', { page: current, pages })}</span>
    </PageNav>
  );
}
