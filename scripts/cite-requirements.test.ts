import { describe, expect, it } from 'vitest';
import { anchorsOf, rewrite } from './cite-requirements';

describe('rewrite', () => {
  it.each([
    ['/** Level names by index (spec 1 §6). */', '/** Level names by index (requirements M6). */'],
    ['// Spec 2 §8: data-loading failures', '// Requirements C8: data-loading failures'],
    ['(spec 1 §2, rules §25)', '(requirements M2, rules §25)'],
    ['spec 1 §2, §5, §8', 'requirements M2, M5, M8'],
    ['spec 2 §2.2–2.4, §4, §9', 'requirements C2.2–C2.4, C4, C9'],
    ['spec 1 §1–2 and spec 3 §5-6', 'requirements M1–M2 and requirements O5-O6'],
    ['spec 3 §2.3 and §2.4', 'requirements O2.3 and O2.4'],
    ["spec 3's status words", "requirements O's status words"],
    ['--- member area (spec 1) ---', '--- member area (requirements M) ---'],
    [
      'the anime pages (member §6), only their own level, operations §1, catalogue §1)',
      'the anime pages (requirements M6), only their own level, requirements O1, requirements C1)',
    ],
    ['Spec 3 §9: 32, 48, 64', 'Requirements O9: 32, 48, 64'],
  ])('%s', (before, after) => {
    expect(rewrite(before).text).toBe(after);
  });

  it('leaves what is not a citation of the three documents alone', () => {
    for (const text of [
      'RouteSpec 1',
      'interface ServiceSpec',
      'rules §25',
      'spec 4 §1',
      'the catalogue service',
      'spec 12',
    ])
      expect(rewrite(text)).toEqual({ text, count: 0, anchors: [] });
  });

  it('counts citations and names the anchors they cite', () => {
    expect(rewrite('spec 1 §2, §7; spec 3 §2.8 and Spec 2')).toEqual({
      text: 'requirements M2, M7; requirements O2.8 and Requirements C',
      count: 3,
      anchors: ['M2', 'M7', 'O2.8', 'C'],
    });
  });
});

describe('anchorsOf', () => {
  it('reads the ids of docs/requirements.md', () => {
    expect(anchorsOf('<a id="M"></a>\n## M\n<a id="M7"></a>\n### M7. Calls\n<a id="access"></a>')).toEqual(
      new Set(['M', 'M7', 'access']),
    );
  });
});
