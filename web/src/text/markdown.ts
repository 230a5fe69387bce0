import { spoiler } from '@mdit/plugin-spoiler';
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/**
 * The one Markdown renderer of the web (issue 28): news on the home page and in the editor's
 * preview, and the descriptions of characters and anime (AniList's and Shikimori's, converted
 * on the server to this dialect: services/anime-search/src/domain/descriptions.ts).
 *
 * markdown-it with raw HTML off (a tag in the text is shown as text), line breaks kept, no
 * pictures, links only to http and https addresses (any other stays text), `!!spoiler!!` as a
 * hidden span; then DOMPurify with a short allow-list, so nothing but these elements and
 * attributes reaches the page whatever the text holds.
 */
const md = new MarkdownIt({ html: false, linkify: false, breaks: true, typographer: false })
  .disable(['image'])
  .use(spoiler);

const WEB_LINK = /^https?:\/\//i;
md.validateLink = (url) => WEB_LINK.test(url.trim());

// Links open in a new tab, tell the target nothing, and carry no ranking.
const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer nofollow ugc');
  return defaultLinkOpen(tokens, idx, options, env, self);
};
// A spoiler is reached by keyboard and opened by a click, Enter or Space (RichText).
md.renderer.rules.spoiler_open = () =>
  '<span class="spoiler" tabindex="0" role="button" aria-expanded="false">';

const ALLOWED_TAGS = [
  ...['p', 'br', 'strong', 'em', 'del', 's', 'a', 'span', 'code', 'pre', 'blockquote', 'hr'],
  ...['ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
];
const ALLOWED_ATTR = ['href', 'target', 'rel', 'class', 'tabindex', 'role', 'aria-expanded', 'start'];

let hooked = false;
function purifier() {
  if (!hooked) {
    // A link to anything but a web address loses its address (belt and braces: markdown-it made none).
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && !WEB_LINK.test(node.getAttribute('href') ?? ''))
        node.removeAttribute('href');
      if (node.tagName === 'SPAN' && node.getAttribute('class') !== 'spoiler') node.removeAttribute('class');
    });
    hooked = true;
  }
  return DOMPurify;
}

/**
 * A text as safe HTML. In the browser it is sanitised; where there is no DOM (the server render),
 * markdown-it's own output is used: with raw HTML off it escapes every tag of the text.
 */
export function renderMarkdown(text: string): string {
  const html = md.render(text);
  const purify = purifier();
  return purify.isSupported ? purify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR }) : html;
}
