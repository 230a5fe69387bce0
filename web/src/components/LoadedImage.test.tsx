import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render';
import { IMAGE_RETRY_MS, LoadedImage } from './LoadedImage';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const img = () => document.querySelector('img')!;

describe('LoadedImage', () => {
  it('shows the error overlay on failure and retries every second without limit', async () => {
    renderPage({}, <LoadedImage src="/x.png" alt="x" />);
    for (let attempt = 1; attempt <= 3; attempt++) {
      fireEvent.error(img());
      expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(IMAGE_RETRY_MS));
      expect(img().getAttribute('src')).toBe(`/x.png?retry=${attempt}`);
    }
    fireEvent.load(img());
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
  });

  it('treats a load slower than its timeout as a failure', async () => {
    renderPage({}, <LoadedImage src="/slow.png" alt="slow" timeoutMs={5000} />);
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('Ошибка загрузки')).toBeTruthy();
  });

  it('switches to the fallback instead of retrying, and shows it when there is no URL', () => {
    renderPage({}, <LoadedImage src="/a.png" alt="a" fallback="/fallback.png" />);
    fireEvent.error(img());
    expect(img().getAttribute('src')).toBe('/fallback.png');
    expect(screen.queryByText('Ошибка загрузки')).toBeNull();
  });

  it('shows the no-image placeholder without a URL or fallback', () => {
    renderPage({}, <LoadedImage src={null} alt="none" />);
    expect(screen.getByRole('img', { name: 'none' }).textContent).toBe('No image');
  });
});
