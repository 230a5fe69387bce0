import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { HOSTILE_STRINGS } from './hostile-strings';
import { neutraliseCell, xmlAttr, xmlChars, xmlText } from './index';

/** XML 1.0's Char production, written out: what a document may contain at all. */
const isXmlChar = (cp: number) =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/** A strict parse: any warning or error of the parser fails the test. */
function parse(xml: string) {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`${level}: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
}

describe('XML escaping', () => {
  it('puts every hostile string in text and attributes of a well-formed document, read back as written', () => {
    for (const s of HOSTILE_STRINGS) {
      const xml = `<?xml version="1.0" encoding="utf-8"?><r a="${xmlAttr(s)}" b='${xmlAttr(s)}'>${xmlText(s)}</r>`;
      for (const ch of xml) expect(isXmlChar(ch.codePointAt(0)!), JSON.stringify(ch)).toBe(true);
      const doc = parse(xml);
      const root = doc.documentElement!;
      expect(root.childNodes.length).toBeLessThanOrEqual(1);
      const kept = [...s].filter((ch) => isXmlChar(ch.codePointAt(0)!)).join('');
      expect(xmlChars(s)).toBe(kept);
      expect(root.textContent).toBe(kept);
      expect(root.getAttribute('a')).toBe(kept);
      expect(root.getAttribute('b')).toBe(kept);
    }
  });

  it('escapes ]]> and markup so that nothing becomes an element', () => {
    const doc = parse(`<r>${xmlText(']]><x:b xmlns:x="http://www.w3.org/1999/xhtml">hi</x:b>')}</r>`);
    expect(doc.getElementsByTagName('x:b').length).toBe(0);
    expect(xmlText('a]]>b<c&d')).toBe('a]]&gt;b&lt;c&amp;d');
  });
});

describe('CSV cells', () => {
  it('turns every formula start into text and leaves other cells alone', () => {
    for (const c of ['=', '+', '-', '@', '\t', '\r']) expect(neutraliseCell(`${c}1+1`)).toBe(`'${c}1+1`);
    for (const s of HOSTILE_STRINGS) {
      const cell = neutraliseCell(s);
      expect(/^[=+\-@\t\r]/.test(cell), JSON.stringify(s.slice(0, 20))).toBe(false);
      expect(cell.endsWith(s)).toBe(true);
    }
    expect(neutraliseCell('plain -text')).toBe('plain -text');
  });
});
