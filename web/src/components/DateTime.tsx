import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/formats';

/** A moment as the site shows every date (i18n/formats.ts), machine-readable in `dateTime`. */
export function DateTime({ value, className }: { value: string; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <time className={className} dateTime={value}>
      {formatDateTime(i18n.language, value)}
    </time>
  );
}
