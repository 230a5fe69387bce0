import {
  ADMIN_LEVEL as CONTRACT_ADMIN_LEVEL,
  LANGUAGE_CODE as CONTRACT_LANGUAGE_CODE,
  LEVEL_NAMES,
  SUPPORTED_LANGUAGES,
} from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../i18n';
import { ADMIN_LEVEL, LEVEL_COUNT } from './access';
import { LANGUAGE_CODE } from './state';

// The client keeps small copies of a few contract values (to stay out of zod classic and the
// contracts' module graph); these must not drift.
describe('client copies of contract values', () => {
  it('match the contracts', () => {
    expect(ADMIN_LEVEL).toBe(CONTRACT_ADMIN_LEVEL);
    expect(LEVEL_COUNT).toBe(LEVEL_NAMES.length);
    expect(LANGUAGE_CODE.source).toBe(CONTRACT_LANGUAGE_CODE.source);
    expect(LANGUAGES).toEqual([...SUPPORTED_LANGUAGES]);
  });
});
