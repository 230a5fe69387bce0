import { describe, expect, it } from 'vitest';
import { FALLBACK_COLOR, rgbOf, safeColor, seededNumbers, textColorOn } from './palette';

describe('rank colours', () => {
  it('keeps hex colours and expands the short form', () => {
    expect(safeColor('#FF9800')).toBe('#ff9800');
    expect(safeColor(' #0ef ')).toBe('#00eeff');
    expect(rgbOf('#00e5ff')).toEqual([0, 229, 255]);
  });

  it('replaces anything that is not a hex colour', () => {
    for (const bad of ['red', 'url(#x)', '#12345', '"/><script>', '', null, undefined]) {
      expect(safeColor(bad)).toBe(FALLBACK_COLOR);
    }
  });

  it('puts dark text on light ranks and white text on dark ones', () => {
    expect(textColorOn('#ffd700')).toBe('#111111');
    expect(textColorOn('#00e5ff')).toBe('#111111');
    expect(textColorOn('#9c27b0')).toBe('#ffffff');
    expect(textColorOn('#f44336')).toBe('#ffffff');
  });
});

describe('seededNumbers', () => {
  it('is deterministic per name and differs between names', () => {
    const a = seededNumbers('Frieren', 6);
    expect(a).toEqual(seededNumbers('Frieren', 6));
    expect(a).not.toEqual(seededNumbers('Fern', 6));
    expect(a.every((n) => n >= 0 && n < 1)).toBe(true);
  });
});
