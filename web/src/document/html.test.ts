import { describe, expect, it } from 'vitest';
import { STATE_ELEMENT_ID } from '../app/state';
import { escapeHtml, renderDocument, serializeState } from './html';

const hostile = {
  user: { id: 1, adminLevel: 0, username: '</script><script>alert(1)</script><!-- & \u2028\u2029' },
  language: 'en',
};

describe('serializeState', () => {
  it('leaves no character that could end the script element or open a comment', () => {
    const json = serializeState(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });
});

describe('renderDocument', () => {
  const html = renderDocument({
    language: 'ru',
    title: 'Главная · <Аниме>',
    appHtml: '<nav>app</nav>',
    state: hostile,
    assets: {
      entryScript: '/assets/entry-client-abc.js',
      stylesheets: ['/assets/entry-client-def.css'],
      modulePreloads: ['/assets/react-123.js'],
    },
    dataPreloads: ['/api/characters?limit=60&x="y"'],
  });
  const doc = new DOMParser().parseFromString(html, 'text/html');

  it('is a complete document in the page language', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(doc.documentElement.lang).toBe('ru');
    expect(doc.title).toBe('Главная · <Аниме>');
    expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(doc.getElementById('root')?.innerHTML).toBe('<nav>app</nav>');
  });

  it('links the hashed client files', () => {
    expect(doc.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
      '/assets/entry-client-abc.js',
    );
    expect(doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/assets/entry-client-def.css',
    );
    expect(doc.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe('/assets/react-123.js');
  });

  it('preloads the first API calls with the credentials fetch() sends', () => {
    const link = doc.querySelector('link[rel="preload"][as="fetch"]');
    expect(link?.getAttribute('href')).toBe('/api/characters?limit=60&x="y"');
    expect(link?.getAttribute('crossorigin')).toBe('');
  });

  it('embeds the state as inert JSON that a hostile username cannot break out of', () => {
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    const state = doc.getElementById(STATE_ELEMENT_ID);
    expect(state?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(state?.textContent ?? '')).toEqual(hostile);
  });
});

describe('escapeHtml', () => {
  it('escapes markup and quotes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
