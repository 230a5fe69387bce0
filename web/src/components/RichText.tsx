import { type KeyboardEvent, type MouseEvent, useMemo } from 'react';
import { renderMarkdown } from '../text/markdown';

/** Opens (or closes again) the spoiler an event reached. */
function toggleSpoiler(target: EventTarget | null): boolean {
  const spoiler = target instanceof Element ? target.closest('.spoiler') : null;
  if (!spoiler) return false;
  const open = spoiler.getAttribute('aria-expanded') !== 'true';
  spoiler.setAttribute('aria-expanded', String(open));
  return true;
}

/**
 * Markdown shown as sanitised HTML (web/src/text/markdown.ts): news and descriptions. Spoilers
 * stay hidden until clicked (or Enter/Space on one).
 */
export function RichText({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  const onClick = (e: MouseEvent) => {
    if (toggleSpoiler(e.target)) e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.key === 'Enter' || e.key === ' ') && toggleSpoiler(e.target)) e.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the spoilers inside are the buttons (role, tabindex)
    <div
      className={`rich-text${className ? ` ${className}` : ''}`}
      onClick={onClick}
      onKeyDown={onKeyDown}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by renderMarkdown (DOMPurify allow-list)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
