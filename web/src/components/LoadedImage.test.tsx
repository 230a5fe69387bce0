import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import { IMAGE_RETRY_MS, IMAGE_TIMEOUT_MS, LoadedImage } from './LoadedImage';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const img = () => document.querySelector('img');
// The overlay is the spec's text (spec 1 §8) in the ru interface; the en one is checked below.
const ru = { language: 'ru' } as const;

describe('LoadedImage', () => {
  it('says the same in English in the en interface', () => {
    renderPage({ language: 'en' }, <LoadedImage src="/x.png" alt="x" />);
    fireEvent.error(img()!);
    expect(screen.getByText('Failed to load')).toBeTruthy();
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
  });

  it('shows the error overlay on failure and retries every second without limit', async () => {
    renderPage(ru, <LoadedImage src="/x.png" alt="x" />);
    for (let attempt = 1; attempt <= 5; attempt++) {
      fireEvent.error(img()!);
      expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS - 1));
      expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(img()!.getAttribute('src')).toBe(`/x.png?retry=${attempt}`);
    }
    fireEvent.load(img()!);
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
    expect(document.querySelector('.image--loaded')).toBeTruthy();
  });

  it('treats a load slower than its timeout as a failure', async () => {
    renderPage(ru, <LoadedImage src="/slow.png?w=1" alt="slow" timeoutMs={IMAGE_TIMEOUT_MS.avatar} />);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS));
    expect(img()!.getAttribute('src')).toBe('/slow.png?w=1&retry=1');
  });

  it('switches to the fallback instead of retrying, on an error or a timeout', async () => {
    renderPage(ru, <LoadedImage src="/a.png" alt="a" fallback="/fallback.png" />);
    fireEvent.error(img()!);
    expect(img()!.getAttribute('src')).toBe('/fallback.png');
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_TIMEOUT_MS.default * 2));
    expect(img()!.getAttribute('src')).toBe('/fallback.png');
  });

  it('shows the fallback without a URL, and the no-image placeholder without either', () => {
    renderPage(
      {},
      <>
        <LoadedImage src={null} alt="avatar" fallback="/fallback.png" />
        <LoadedImage src={null} alt="none" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'avatar' }).getAttribute('src')).toBe('/fallback.png');
    expect(screen.getByRole('img', { name: 'none' }).textContent).toBe('No image');
  });

  it('loads external pictures through our proxy only', () => {
    renderPage(
      {},
      <>
        <LoadedImage src="https://cdn.discordapp.com/avatars/1/abc.png" alt="discord" />
        <LoadedImage src="https://example.org/a.jpg" alt="other" />
        <LoadedImage src="javascript:alert(1)" alt="bad" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'discord' }).getAttribute('src')).toBe(
      '/api/proxy/discord/avatars/1/abc.png',
    );
    expect(screen.getByRole('img', { name: 'other' }).getAttribute('src')).toBe(
      '/api/proxy-image?url=https%3A%2F%2Fexample.org%2Fa.jpg',
    );
    expect(screen.getByRole('img', { name: 'bad' }).textContent).toBe('No image');
  });

  it('starts over when given another picture', async () => {
    const { rerender } = renderPage(ru, <LoadedImage src="/one.png" alt="x" />);
    fireEvent.error(img()!);
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS));
    expect(img()!.getAttribute('src')).toBe('/one.png?retry=1');
    rerender(<LoadedImage src="/two.png" alt="x" />);
    expect(img()!.getAttribute('src')).toBe('/two.png');
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
  });

  it('counts a picture the browser already had as loaded, even without a load event', () => {
    // A memory-cached picture can finish before React listens; the browser says so on the element.
    const proto = HTMLImageElement.prototype;
    const complete = Object.getOwnPropertyDescriptor(proto, 'complete')!;
    const naturalWidth = Object.getOwnPropertyDescriptor(proto, 'naturalWidth')!;
    Object.defineProperty(proto, 'complete', { configurable: true, get: () => true });
    Object.defineProperty(proto, 'naturalWidth', { configurable: true, get: () => 360 });
    try {
      renderPage(ru, <LoadedImage src="/cached.png" alt="cached" />);
      expect(document.querySelector('.image--loaded')).toBeTruthy();
    } finally {
      Object.defineProperty(proto, 'complete', complete);
      Object.defineProperty(proto, 'naturalWidth', naturalWidth);
    }
  });

  it('waits until the picture nears the viewport before loading and counting the timeout', async () => {
    const observers: Array<{ callback: IntersectionObserverCallback; disconnected: boolean }> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private entry: { callback: IntersectionObserverCallback; disconnected: boolean };
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, disconnected: false };
          observers.push(this.entry);
        }
        observe() {}
        disconnect() {
          this.entry.disconnected = true;
        }
      },
    );
    renderPage(
      ru,
      <>
        <LoadedImage src="/far.png" alt="far" timeoutMs={IMAGE_TIMEOUT_MS.card} />
        <LoadedImage src="/early.png" alt="early" timeoutMs={IMAGE_TIMEOUT_MS.card} />
      </>,
    );
    // The browser loads lazily; the element is there from the start.
    const far = screen.getByRole('img', { name: 'far' });
    expect([far.getAttribute('src'), far.getAttribute('loading')]).toEqual(['/far.png', 'lazy']);
    // Off screen for longer than the timeout: still waiting, no error.
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_TIMEOUT_MS.card * 2));
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
    // A picture the browser loaded early is simply loaded.
    fireEvent.load(screen.getByRole('img', { name: 'early' }));
    expect(screen.getByRole('img', { name: 'early' }).parentElement?.className).toContain('image--loaded');
    // Near the viewport: the timeout starts counting.
    const near = [{ isIntersecting: true }] as unknown as IntersectionObserverEntry[];
    act(() => observers[0]!.callback(near, {} as IntersectionObserver));
    expect(observers[0]!.disconnected).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(IMAGE_TIMEOUT_MS.card - 1));
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
  });
});
