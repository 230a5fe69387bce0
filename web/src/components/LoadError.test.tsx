import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/client';
import { HttpError } from '../api/http';
import { renderPage } from '../test/render';
import { LoadError } from './LoadError';

describe('LoadError', () => {
  it.each([
    [
      'en',
      new NetworkError(new TypeError('Failed to fetch')),
      'Could not reach the server. Check your connection and try again.',
    ],
    [
      'ru',
      new NetworkError(new TypeError('Failed to fetch')),
      'Не удалось связаться с сервером. Проверьте подключение и повторите.',
    ],
    ['ru', new HttpError(503, undefined), 'Сервис временно недоступен. Повторите через минуту.'],
    ['ru', new HttpError(401, undefined), 'Сеанс завершён. Войдите снова.'],
    ['en', new HttpError(409, { error: 'Такая франшиза уже есть' }), 'Такая франшиза уже есть'],
    ['en', new HttpError(500, undefined), 'Loading failed (error 500).'],
  ] as const)('says a failure in the page’s language (%s): %o', (language, error, text) => {
    renderPage({ language }, <LoadError error={error} onRetry={() => {}} />);
    expect(screen.getByRole('alert').querySelector('.load-error__text')?.textContent).toBe(text);
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });

  it('retries from its button', () => {
    const retry = vi.fn();
    renderPage({ language: 'ru' }, <LoadError error={new HttpError(500, undefined)} onRetry={retry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
