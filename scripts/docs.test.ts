import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  check,
  codeOf,
  DOC_FILES,
  eventWrappers,
  generators,
  regenerate,
  settingsTable,
  usageOf,
  WRITE_COMMAND,
} from './docs';

describe('the generated regions of the docs', () => {
  it('equal what the code says today', async () => {
    const { stale, missing } = await check();
    expect(stale, `generated docs are out of date: run ${WRITE_COMMAND}`).toEqual([]);
    expect(missing, `add a region for each to ${DOC_FILES.join(' or ')}`).toEqual([]);
  });
});

describe('regenerate', () => {
  const gens = new Map([['x', async () => 'new body']]);

  it('rewrites a stale region and leaves the text around it byte for byte', async () => {
    const before = 'intro  \n<!-- generated:x -->\nold\nlines\n<!-- /generated -->\noutro\n';
    const { text, names } = await regenerate(before, gens);
    expect(text).toBe('intro  \n<!-- generated:x -->\nnew body\n<!-- /generated -->\noutro\n');
    expect(names).toEqual(['x']);
  });

  it('refuses an unknown, a repeated or an unclosed region', async () => {
    await expect(regenerate('<!-- generated:y -->\n<!-- /generated -->', gens)).rejects.toThrow('unknown');
    const twice = '<!-- generated:x -->\n<!-- /generated -->\n<!-- generated:x -->\n<!-- /generated -->';
    await expect(regenerate(twice, gens)).rejects.toThrow('twice');
    await expect(regenerate('<!-- generated:x -->\nno end', gens)).rejects.toThrow('not closed');
  });

  it('has a settings region for every process of system.ts', () => {
    const names = [...generators().keys()];
    for (const process of [
      'common',
      'gateway',
      'auth',
      'catalogue',
      'inventory',
      'trades',
      'anime-search',
      'image-proxy',
      'admin',
      'bot',
    ])
      expect(names).toContain(`settings:${process}`);
  });
});

describe('settingsTable', () => {
  it('shows each default as the process sees it, required variables and unset ones', () => {
    const table = settingsTable({
      PORT: z.coerce.number().default(4101).describe('HTTP port'),
      SECRET: z.string().min(32).describe('a secret'),
      TOKEN: z.string().optional().describe('a token'),
      FLAG: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true')
        .describe('a | flag'),
      LIST: z
        .string()
        .default('a, b')
        .transform((v) => v.split(', '))
        .describe('a list'),
    });
    expect(table.split('\n')).toEqual([
      '| variable | default | meaning |',
      '|---|---|---|',
      '| `PORT` | `4101` | HTTP port |',
      '| `SECRET` | required | a secret |',
      '| `TOKEN` | — | a token |',
      '| `FLAG` | `false` | a \\| flag |',
      '| `LIST` | `a,b` | a list |',
    ]);
  });

  it('merges neighbours that say the same and refuses a variable without a description', () => {
    const same = z.string().optional().describe('a URL');
    expect(settingsTable({ A_URL: same, B_URL: same })).toContain('| `A_URL`, `B_URL` | — | a URL |');
    expect(() => settingsTable({ BARE: z.string() })).toThrow('BARE has no .describe()');
  });
});

describe('usageOf', () => {
  const defs = new Map([
    ['ping', { kind: 'rpc' as const, name: 'svc.ping' }],
    ['thingMade', { kind: 'event' as const, name: 'thing.made' }],
    ['thingGone', { kind: 'event' as const, name: 'thing.gone' }],
    ['noted', { kind: 'event' as const, name: 'note.recorded' }],
  ]);
  const groups = new Map([['thingEvents', ['thingMade', 'thingGone']]]);
  const wrappers = eventWrappers(
    [codeOf('export const noteFor = (x: string) =>\n  makeEvent(noted, { x });\nexport function other() {}')],
    defs,
  );
  const sources = new Map([
    // Publishes through the group and the wrapper; its audit action is named like the event.
    [
      'maker',
      codeOf(
        "import { thingEvents } from 'c';\nmakeEvent(thingEvents[kind], d); noteFor('thing.made');\nbus.serve(ping, f);",
      ),
    ],
    // Consumes by type list and by string literal; calls the RPC; a comment and a type do not count.
    [
      'user',
      codeOf(
        "// thingGone\ntypes: [thingMade.type, 'note.recorded'];\nawait bus.request(ping, {});\ntype T = typeof thingGone;",
      ),
    ],
    ['quiet', codeOf('const x = other.thingMade;')],
  ]);
  const usage = usageOf(sources, { defs, groups, wrappers });
  const of = (name: string) => {
    const u = usage.get(name)!;
    return { producers: [...u.producers], users: [...u.users] };
  };

  it('reads producers and consumers from the code', () => {
    expect(wrappers).toEqual(new Map([['noteFor', 'noted']]));
    expect(of('ping')).toEqual({ producers: ['maker'], users: ['user'] });
    expect(of('thingMade')).toEqual({ producers: ['maker'], users: ['user'] });
    expect(of('thingGone')).toEqual({ producers: ['maker'], users: [] });
    expect(of('noted')).toEqual({ producers: ['maker'], users: ['user'] });
  });
});
