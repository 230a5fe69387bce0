import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../api/client';
import { HttpError, serverErrorText } from '../api/http';

/**
 * A failure as the page's reader reads it, in the page's language: never the browser's own
 * English ("Failed to fetch"). The server's own text is shown when it sent one (its messages
 * come in the caller's language, rules: errors); otherwise a text for what went wrong.
 */
export function loadErrorText(t: TFunction, error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 401) return t('loadError.signedOut');
    const own = serverErrorText(error);
    if (own) return own;
    if (error.status === 403) return t('loadError.forbidden');
    if (error.status === 502 || error.status === 503 || error.status === 504)
      return t('loadError.unavailable');
    return t('loadError.failed', { status: error.status });
  }
  if (error instanceof NetworkError) return t('loadError.network');
  return t('loadError.failed', { status: '—' });
}

/**
 * A failed load, shown where its data would be, with a retry; the rest of the page stays usable.
 * `message` replaces the generic text where the spec prescribes one.
 */
export function LoadError({
  error,
  onRetry,
  message,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  message?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`load-error${className ? ` ${className}` : ''}`} role="alert">
      <span className="load-error__text">{message ?? loadErrorText(t, error)}</span>{' '}
      <button type="button" className="button button--ghost load-error__retry" onClick={onRetry}>
        {t('loadError.retry')}
      </button>
    </div>
  );
}
