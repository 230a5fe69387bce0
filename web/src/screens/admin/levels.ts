import { LEVEL_COUNT } from '../../app/access';

export type LevelIndex = 0 | 1 | 2 | 3 | 4;

/** Translation key of an access level's name (`levels.0` … `levels.4`, requirements M6). */
export const levelKey = (adminLevel: number): `levels.${LevelIndex}` => {
  const index = Math.min(Math.max(Math.trunc(adminLevel), 0), LEVEL_COUNT - 1) as LevelIndex;
  return `levels.${index}`;
};
