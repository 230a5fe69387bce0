import { fireEvent, render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RichText } from '../components/RichText';
import { renderMarkdown } from './markdown';

// What the server stores for AniList's and Shikimori's descriptions (the converter's output on
// the samples of services/anime-search/src/domain/descriptions.test.ts) and what admins type.
const DESCRIPTION = [
  `__Height:__ 185 cm (6'1")`,
  '__Birthday:__ June 26',
  '',
  '!!He was once a member of the Red Dragon Crime Syndicate.!!',
  '',
  '(Source: [Wikipedia](https://en.wikipedia.org/wiki/Spike_Spiegel))',
].join('\n');

describe('the Markdown renderer', () => {
  it('renders paragraphs, line breaks, bold, web links and spoilers', () => {
    const html = renderMarkdown(DESCRIPTION);
    expect(html).toContain('<p><strong>Height:</strong> 185 cm (6\'1")<br>');
    expect(html).toContain(
      '<a href="https://en.wikipedia.org/wiki/Spike_Spiegel" target="_blank" rel="noopener noreferrer nofollow ugc">Wikipedia</a>',
    );
    expect(html).toContain(
      '<span class="spoiler" tabindex="0" role="button" aria-expanded="false">He was once a member of the Red Dragon Crime Syndicate.</span>',
    );
    expect(html.match(/<p>/g)).toHaveLength(3);
  });

  it('strips scripts, handlers, pictures and javascript: links, whatever the text holds', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(1)">',
        '[click](javascript:alert(1)) [data](data:text/html,hi) <a href="javascript:alert(1)">a</a>',
        '![pic](https://example.org/x.png)',
        '**bold** [ok](http://example.org)',
      ].join('\n\n'),
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    expect(box.querySelectorAll('script, img, iframe')).toHaveLength(0);
    expect(
      [...box.querySelectorAll('*')].some((el) => [...el.attributes].some((a) => a.name.startsWith('on'))),
    ).toBe(false);
    // A picture is no picture: at most a link to it.
    expect([...box.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/x.png',
      'http://example.org',
    ]);
    // Tags the text holds are shown as text.
    expect(box.textContent).toContain('<script>alert(1)</script>');
  });

  it('opens a spoiler on a click and on Enter', () => {
    const { container } = render(createElement(RichText, { text: 'Ending: !!they win!! and !!more!!' }));
    const [first, second] = [...container.querySelectorAll('.spoiler')];
    expect(first?.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(first!);
    expect(first?.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(second!, { key: 'Enter' });
    expect(second?.getAttribute('aria-expanded')).toBe('true');
  });
});
