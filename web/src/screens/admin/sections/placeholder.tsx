import { useTranslation } from 'react-i18next';
import type { SectionId } from '../sections';

/** A clearly marked section that a later issue builds (docs/rules.md, the admin area). */
export function SectionPlaceholder({ id }: { id: SectionId }) {
  const { t } = useTranslation();
  return (
    <div className="admin-placeholder">
      <span className="badge badge--warning">{t('notBuilt.badge')}</span>
      <p>{t('admin.sectionNotBuilt', { section: t(`admin.sections.${id}`) })}</p>
    </div>
  );
}
