import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { discordAvatarUrl } from '../../api/images';
import { useRoute } from '../../api/query';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';

/** A trade's recipient as the form shows them. */
export interface Recipient {
  id: number;
  name: string;
  avatar: string | null;
  discordId: string;
}

/** How long typing pauses before the search asks the server. */
export const RECIPIENT_SEARCH_DELAY_MS = 250;
const RESULTS = 10;

function Avatar({ who }: { who: Recipient }) {
  return (
    <LoadedImage
      className="recipient__avatar"
      src={discordAvatarUrl(who.discordId, who.avatar)}
      fallback={fallbackAvatar(who.name)}
      alt=""
      width={28}
      height={28}
      timeoutMs={IMAGE_TIMEOUT_MS.avatar}
    />
  );
}

/**
 * The trade form's recipient (issue 22 item 6): a search box that finds fans by any part of their
 * names (GET /api/users?q=, never the whole list of members), each shown with their avatar; the
 * chosen one stays shown with a way to choose someone else. The current user is never offered.
 */
export function RecipientPicker({
  me,
  value,
  onChange,
}: {
  me: number;
  value: Recipient | null;
  onChange: (recipient: Recipient | null) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), RECIPIENT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useRoute(
    'GET /api/users',
    { query: { q: query, limit: RESULTS + 1 } },
    { enabled: value === null && query !== '' },
  );
  const people: Recipient[] = (found.data ?? [])
    .filter((u) => u.id !== me)
    .slice(0, RESULTS)
    .map((u) => ({ id: u.id, name: u.displayName ?? u.username, avatar: u.avatar, discordId: u.discordId }));

  if (value)
    return (
      <div className="trade-form__field recipient">
        <p className="recipient__chosen" role="status">
          <Avatar who={value} />
          <span>{t('trade.form.recipientChosen', { name: value.name })}</span>
          <button type="button" className="button button--ghost" onClick={() => onChange(null)}>
            {t('trade.form.changeRecipient')}
          </button>
        </p>
      </div>
    );
  return (
    <div className="trade-form__field recipient">
      <label htmlFor={inputId}>{t('trade.form.recipient')}</label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        value={text}
        placeholder={t('trade.form.recipientSearch')}
        onChange={(e) => setText(e.target.value)}
      />
      {query !== '' &&
        (found.isPending ? (
          <p className="loading">{t('common.loading')}</p>
        ) : found.isError ? (
          <p className="error-text" role="alert">
            {t('trade.form.loadError')}
          </p>
        ) : people.length === 0 ? (
          <p className="empty">{t('trade.form.noUsers')}</p>
        ) : (
          <ul className="recipient__results">
            {people.map((p) => (
              <li key={p.id}>
                <button type="button" className="recipient__option" onClick={() => onChange(p)}>
                  <Avatar who={p} />
                  <span className="recipient__name">{p.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
