import { describe, expect, it } from 'vitest';
import { charactersQuerySchema } from './catalogue';
import { cursor, INT4_MAX, id, int4, safeString } from './fields';

describe('field helpers', () => {
  it('id() takes 1..2147483647 and nothing else', () => {
    expect(id().parse('1')).toBe(1);
    expect(id().parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of ['0', '-1', '2147483648', '1.5', 'abc', '1e10'])
      expect(id().safeParse(bad).success, bad).toBe(false);
  });

  it('id(), cursor() and int4() read decimal text only, as the page writes ids', () => {
    // Number() would read these as 38, 10, 1, 16 and 0: another card, another page.
    for (const bad of ['0x26', '1e1', ' 1 ', '0b10000', '', ' ', '+5', '1_000'])
      for (const [name, schema] of [
        ['id', id()],
        ['cursor', cursor()],
        ['int4', int4(0)],
      ] as const)
        expect(schema.safeParse(bad).success, `${name} ${JSON.stringify(bad)}`).toBe(false);
    expect(id().parse(38)).toBe(38);
    expect(int4(0).parse('007')).toBe(7);
  });

  it('cursor() starts at 0 and stops at the int4 maximum', () => {
    expect(cursor().parse('0')).toBe(0);
    expect(cursor().safeParse('2147483648').success).toBe(false);
  });

  it('safeString() refuses NUL', () => {
    expect(safeString().parse('ok')).toBe('ok');
    expect(safeString().safeParse('a\u0000b').success).toBe(false);
    expect(safeString().safeParse('a\ud800b').success).toBe(false);
    expect(safeString().safeParse('b\udfff').success).toBe(false);
    expect(safeString().parse('pair 😀')).toBe('pair 😀');
  });

  it('the characters query names the refused field', () => {
    const issues = (q: Record<string, string>) =>
      (charactersQuerySchema.safeParse(q).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(issues({ anime_id: '2147483648' })).toEqual(['anime_id']);
    expect(issues({ after: '2147483648' })).toEqual(['after']);
    expect(issues({ q: '\u0000' })).toEqual(['q']);
    expect(issues({ anime_id: '5', after: '10', q: 'x' })).toEqual([]);
  });
});
