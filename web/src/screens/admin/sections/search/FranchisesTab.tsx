import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkFranchiseExists,
  createFranchise,
  type FranchiseExists,
  searchFranchises,
  serverError,
} from '../../../../api/admin-catalogue';
import { HttpError } from '../../../../api/http';
import { SEARCH_MIN } from './model';
import { FranchiseList, SearchStatus, type TabProps } from './shared';
import { useLiveSearch } from './useLiveSearch';

export function FranchisesTab({ selected, onSelect, onBanner }: TabProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const search = useLiveSearch(
    text,
    async (q, signal) => {
      setError(null);
      return searchFranchises(q, signal);
    },
    () => setError(t('adminCatalogue.search.searchError')),
  );

  return (
    <div className="admin-search__tab">
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.search.franchiseSearch')}</span>
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('adminCatalogue.search.minChars')}
        />
      </label>
      <SearchStatus loading={search.loading} error={error} />
      {search.result ? (
        search.result.length === 0 ? (
          <p className="admin-table__empty">{t('adminCatalogue.search.nothingFound')}</p>
        ) : (
          <FranchiseList
            franchises={search.result}
            pressed={(f) => selected?.id === f.id}
            onPick={onSelect}
            label={(f) => (
              <>
                {f.title} <span className="admin-mono">ID {f.id}</span>
              </>
            )}
          />
        )
      ) : null}
      <NewFranchiseForm onSelect={onSelect} onBanner={onBanner} />
      {selected ? (
        <p className="admin-search__selected" role="status">
          {t('adminCatalogue.search.selectedFranchise', { title: selected.title })}
        </p>
      ) : null}
    </div>
  );
}

type Answer = Pick<TabProps, 'onSelect' | 'onBanner'>;

/** Creates the franchise; one that exists (found before, or created meanwhile) is selected instead. */
async function create(t: TFunction, trimmed: string, { onSelect, onBanner }: Answer, done: () => void) {
  try {
    const created = await createFranchise(trimmed);
    onSelect(created);
    done();
    onBanner({
      tone: 'success',
      text: t('adminCatalogue.search.franchiseCreated', { title: created.title }),
    });
  } catch (err) {
    // Created meanwhile by someone else: the spec's warning, and the existing one is selected.
    if (err instanceof HttpError && err.status === 409) {
      const found = await checkFranchiseExists(trimmed).catch(() => null);
      const match = found?.exactMatch ?? null;
      onBanner({
        tone: 'warning',
        text: t('adminCatalogue.validation.franchiseExists', { title: match?.title ?? trimmed }),
      });
      if (match) onSelect(match);
      return;
    }
    const message = err instanceof HttpError ? serverError(err.body) : undefined;
    onBanner({ tone: 'error', text: message ?? t('adminCatalogue.search.franchiseCreateError') });
  }
}

/** The new franchise form, checking as the title is typed whether it exists. */
function NewFranchiseForm(answer: Answer) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [creating, setCreating] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const check = useLiveSearch<FranchiseExists>(
    title,
    (q, signal) => checkFranchiseExists(q, signal),
    (err) => console.error('franchise check', err),
  );
  const exists = title.trim().length >= SEARCH_MIN && check.result?.exists === true;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = title.trim();
    if (!trimmed) return setFormError(t('adminCatalogue.search.enterFranchise'));
    setFormError(null);
    if (exists && check.result?.exactMatch) {
      answer.onBanner({
        tone: 'warning',
        text: t('adminCatalogue.validation.franchiseExists', { title: check.result.exactMatch.title }),
      });
      answer.onSelect(check.result.exactMatch);
      return;
    }
    setCreating(true);
    try {
      await create(t, trimmed, answer, () => setTitle(''));
    } finally {
      setCreating(false);
    }
  };

  return (
    <form
      className="admin-catalogue__form"
      onSubmit={submit}
      noValidate
      aria-label={t('adminCatalogue.search.newFranchise')}
    >
      <label className="admin-field admin-field--grow">
        <span className="admin-field__label">{t('adminCatalogue.search.newFranchise')}</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={exists || creating || !title.trim()}>
        {creating
          ? t('adminCatalogue.search.creating')
          : exists
            ? t('adminCatalogue.search.alreadyExists')
            : t('adminCatalogue.search.create')}
      </button>
      {formError ? (
        <p className="admin-error" role="alert">
          {formError}
        </p>
      ) : null}
      {exists && check.result?.exactMatch ? (
        <p className="admin-warning">
          {t('adminCatalogue.validation.franchiseExists', { title: check.result.exactMatch.title })}
        </p>
      ) : null}
      {check.result && check.result.similar.length > 0 && title.trim().length >= SEARCH_MIN ? (
        <p className="admin-field__hint">
          {t('adminCatalogue.search.similar', {
            titles: check.result.similar.map((f) => f.title).join(', '),
          })}
        </p>
      ) : null}
    </form>
  );
}
