import type { TFunction } from 'i18next';
import type { Screen } from './screens';

/** The document title: the screen's name, then the site's. */
export const pageTitle = (t: TFunction, screen: Screen): string =>
  `${t(`app.titles.${screen.name}`)} · ${t('app.name')}`;
