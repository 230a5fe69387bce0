/**
 * `@acg/catalogue/seed`: demo and benchmark data, written by the runners into the catalogue's
 * migrated schema before the catalogue starts. Never part of the service's production path.
 */
export { seedDemoCatalogue } from './demo';
export { DEMO_ANIME, DEMO_CHARACTERS } from './demo-catalogue';
export { seedLargeCatalogue } from './large';
