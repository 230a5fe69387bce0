/**
 * Strings an attacker would store as a name, note, title or text: the corpus every destination's
 * escaping test runs through (`@acg/platform/testing`).
 */
export const HOSTILE_STRINGS: readonly string[] = [
  // Discord markdown and its structures.
  '**bold** __underline__ *it* _it_ ~~strike~~ ||spoiler|| `code` ```block```',
  'hi\n**You get:**\n- Asuka Langley Soryu ×50 (Legendary)\n[Claim your bonus](http://evil.example/claim) <@123456789012345678>',
  '# Heading\n## Sub\n-# subtext\n> quote\n>>> block quote\n1. one\n* star\n+ plus',
  '[Claim](http://evil.example/claim) [x](<http://evil.example>)',
  '@everyone @here @EveryOne <@123456789012345678> <@!123456789012345678> <@&987654321098765432> <#111111111111111111>',
  '<:custom:123456789012345678> <t:1700000000:R> </card:123456789012345678>',
  'back\\slash \\*not bold\\* \\',
  // XML and HTML.
  ']]>',
  'title ]]><x:b xmlns:x="http://www.w3.org/1999/xhtml">injected</x:b><![CDATA[',
  '<script>alert(1)</script> <img src=x onerror=alert(1)>',
  '& &amp; &lt; &#x3C; &unknown;',
  `"double" 'single' \`back\` a="b" c='d'`,
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>&e;',
  // CSV formulas.
  '=HYPERLINK("http://evil.example","click")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  'a,b;"c"\nnext line',
  // Control characters, bidi and zero-width characters.
  'nul\u0000 bell\u0007 esc\u001b[31m del\u007f c1\u0085\u009b end',
  'vt\u000b ff\u000c bs\u0008',
  'invoice\u202egpj.exe',
  'left\u202aembedded\u202c \u2066isolate\u2069 \u200f rlm',
  'zero\u200bwidth \u200cnon\u200djoiner \ufeffbom @\u200deveryone <\u200d@123>',
  'lone surrogates \ud800 and \udfff, pair 😀, nonchars \ufffe\uffff',
  'emoji family 👨‍👩‍👧 flag 🇯🇵 ×50',
  // Very long.
  `${'*_~`|>#-[]()<@'.repeat(400)}`,
  `${'я'.repeat(5000)}]]>${'<'.repeat(3000)}`,
];
