import { describe, expect, it } from 'vitest';
import { descriptionFromAnilist, descriptionFromShikimori } from './descriptions';

// Shaped as the sites answer: AniList's character description (asHtml: false) and Shikimori's
// BBCode `description` with its HTML entities and Windows line ends.
const ANILIST_SPIKE = [
  `__Height:__ 185 cm (6'1")<br>`,
  '__Birthday:__ June 26<br>',
  '',
  'Spike Spiegel is a tall and lean 27-year-old bounty hunter born on Mars &amp; raised on Earth!',
  '',
  '~!He was once a member of the Red Dragon Crime Syndicate,',
  'until he faked his death to leave.!~',
  '',
  '(Source: [Wikipedia](https://en.wikipedia.org/wiki/Spike_Spiegel), [me](javascript:alert(1)))',
  '<script>alert(1)</script> img220(https://x.test/a.png)',
].join('\n');

const SHIKIMORI_BEBOP = [
  '2071 год.&nbsp;На борту «Бибопа» летают [character=1]Спайк Шпигель[/character] и [character=3]Джет Блэк[/character].',
  '',
  '[spoiler=спойлер]В финале Спайк идёт к [character=2734]Вишесу[/character].[/spoiler]',
  '[url=https://ru.wikipedia.org/wiki/Cowboy_Bebop]Википедия[/url] [url=javascript:alert(1)]клик[/url]',
  '&quot;[b]5[/b] &lt; 6&quot; *не курсив* [i]курсив[/i]',
].join('\r\n');

describe('AniList descriptions', () => {
  it('keep paragraphs, bold and http links; hide spoilers; drop tags, pictures and script links', () => {
    expect(descriptionFromAnilist(ANILIST_SPIKE)).toBe(
      [
        `__Height:__ 185 cm (6'1")`,
        '__Birthday:__ June 26',
        '',
        'Spike Spiegel is a tall and lean 27-year-old bounty hunter born on Mars & raised on Earth\\!',
        '',
        '!!He was once a member of the Red Dragon Crime Syndicate, until he faked his death to leave.!!',
        '',
        '(Source: [Wikipedia](https://en.wikipedia.org/wiki/Spike_Spiegel), me)',
        'alert(1)',
      ].join('\n'),
    );
  });
  it('is null when empty or only tags', () => {
    expect(descriptionFromAnilist(null)).toBeNull();
    expect(descriptionFromAnilist('<br><br>')).toBeNull();
  });
});

describe('Shikimori descriptions', () => {
  it('turn BBCode into the dialect: names as text, spoilers hidden, http links kept, entities decoded', () => {
    expect(descriptionFromShikimori(SHIKIMORI_BEBOP)).toBe(
      [
        '2071 год. На борту «Бибопа» летают Спайк Шпигель и Джет Блэк.',
        '',
        '!!В финале Спайк идёт к Вишесу.!!',
        '[Википедия](https://ru.wikipedia.org/wiki/Cowboy_Bebop) клик',
        '"**5** \\< 6" \\*не курсив\\* *курсив*',
      ].join('\n'),
    );
  });
  it('keeps no markup a text could smuggle in', () => {
    expect(descriptionFromShikimori('# title\n- item\n1. first\n![x](https://a.test/x.png) <b>x</b>')).toBe(
      '\\# title\n\\- item\n1\\. first\n\\!\\[x\\](https://a.test/x.png) \\<b\\>x\\</b\\>',
    );
  });
});
