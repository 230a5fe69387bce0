/**
 * XML 1.0: the one rule for text and attribute values in an XML document this platform writes
 * (the news Atom feed). Characters XML 1.0 forbids (C0 controls other than tab, line feed and
 * carriage return; lone surrogates; U+FFFE and U+FFFF) are removed, since no escape can carry
 * them; `&`, `<` and `>` are escaped in text; attributes also escape both quotes and the
 * whitespace an XML parser would otherwise normalise; line ends a parser rewrites go as character
 * references, so a reader gets the text back exactly. Text is escaped, never wrapped in CDATA,
 * so `]]>` in it has no meaning.
 */

// Everything outside Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this matches
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Removes the characters XML 1.0 does not allow in a document. */
export const xmlChars = (value: string): string => value.replace(FORBIDDEN, '');

// Line ends a parser would rewrite (CR, and NEL and LS for XML 1.1 readers) go as references.
const TEXT: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '\r': '&#13;',
  '\u0085': '&#133;',
  '\u2028': '&#8232;',
};
const ATTR: Record<string, string> = {
  ...TEXT,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

/** Character data: `&`, `<`, `>` escaped, forbidden characters removed; read back exactly as given. */
export const xmlText = (value: string): string =>
  xmlChars(value).replace(/[&<>\r\u0085\u2028]/g, (c) => TEXT[c]!);

/** An attribute value (quoted with either quote): also quotes and line breaks escaped. */
export const xmlAttr = (value: string): string =>
  xmlChars(value).replace(/[&<>"'\t\n\r\u0085\u2028]/g, (c) => ATTR[c]!);
