/**
 * Access rules the pages hint at (the services enforce them). Copies of the contracts'
 * constants, kept out of the client bundle's import graph; contracts-sync.test.ts keeps them equal.
 */

/** Admin panel threshold (requirements C9, requirements O9): below it the admin area shows only the level. */
export const ADMIN_LEVEL = 3;

/** Number of access levels: 0 User … 4 Developer (names in the i18n files under `levels`). */
export const LEVEL_COUNT = 5;
