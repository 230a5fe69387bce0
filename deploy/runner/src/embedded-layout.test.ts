import { describe, expect, it } from 'vitest';
import { embeddedLayout } from './embedded-layout';

describe('embeddedLayout (npm start with PORT)', () => {
  it('keeps the default layout and data folder without PORT, or with 3000', () => {
    expect(embeddedLayout(undefined, '/r/.data')).toEqual({ dataDir: '/r/.data' });
    expect(embeddedLayout('', '/r/.data')).toEqual({ dataDir: '/r/.data' });
    expect(embeddedLayout('3000', '/r/.data')).toEqual({ port: 3000, portOffset: 0, dataDir: '/r/.data' });
  });

  it('moves every port by PORT - 3000 and gives the copy its own data folder', () => {
    expect(embeddedLayout('3100', '/r/.data')).toEqual({
      port: 3100,
      portOffset: 100,
      dataDir: '/r/.data/port-3100',
    });
    expect(embeddedLayout(' 2900 ', '/r/.data')).toEqual({
      port: 2900,
      portOffset: -100,
      dataDir: '/r/.data/port-2900',
    });
  });

  it('refuses a PORT that is not a port or would push a service port out of range', () => {
    // The services sit at 4101..4197 + offset and the probes at PORT + 1000, so the highest PORT
    // is 3000 + 65535 - 4197 = 64338.
    for (const bad of ['abc', '3100.5', '-1', '0', '64339', '70000'])
      expect(() => embeddedLayout(bad, '/r/.data'), bad).toThrow('PORT must be a whole number from');
    expect(embeddedLayout('64338', '/r/.data').port).toBe(64338);
    expect(embeddedLayout('1', '/r/.data').portOffset).toBe(-2999);
  });
});
