import { NEXT_AFTER_HEADER, TOTAL_COUNT_HEADER } from '@acg/contracts';
import { describe, expect, it } from 'vitest';
import { NEXT_AFTER, TOTAL_COUNT } from './characters';

// The answers' shapes are no longer copied here: the typed client takes them from the contracts
// (client-contract.ts). What the page still keeps of its own are the paging headers' names.
describe('the page’s copies of contract values', () => {
  it('use the paging headers of the contracts', () => {
    expect([TOTAL_COUNT, NEXT_AFTER]).toEqual([TOTAL_COUNT_HEADER, NEXT_AFTER_HEADER]);
  });
});
