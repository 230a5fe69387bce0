import { describe, expect, it } from 'vitest';
import { cleanGroups, digitsOnly, freshness } from './form';

describe('feed relay form rules', () => {
  it('keeps digits in the channel id, trims groups and drops those without id, reads freshness', () => {
    expect(digitsOnly(' 12a3-4 ')).toBe('1234');
    expect(
      cleanGroups([
        { id: ' -123 ', name: ' Стена ' },
        { id: '  ', name: 'x' },
      ]),
    ).toEqual([{ id: '-123', name: 'Стена' }]);
    expect(freshness('1800')).toBe(1800);
    expect(freshness('abc')).toBe(0);
    expect(freshness('-5')).toBe(0);
  });
});
