import { useTranslation } from 'react-i18next';

/** The featured cards' place while their chunk loads: the heading and the loading text, as it will be. */
export function FeaturedPlaceholder() {
  const { t } = useTranslation();
  return (
    <section className="featured" aria-busy="true">
      <h2>{t('home.featured.title')}</h2>
      <p className="featured__hint">{t('home.featured.hint')}</p>
      <p className="featured__message">{t('home.featured.loading')}</p>
    </section>
  );
}
