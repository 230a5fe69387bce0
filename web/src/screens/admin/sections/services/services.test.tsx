import type { ServiceMap, ServiceMapProcess } from '@acg/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import ServicesSection from './index';

const node = (name: string, over: Partial<ServiceMapProcess> = {}): ServiceMapProcess => ({
  name,
  health: 'ready',
  replicas: 1,
  readyReplicas: 1,
  windowSeconds: 12,
  requestsPerSecond: 2.5,
  errorRatio: 0.125,
  latencyP95Ms: 42,
  busLagSeconds: null,
  deadLetters: null,
  outboxPending: null,
  outboxAgeSeconds: null,
  ...over,
});

const map = (processes: ServiceMapProcess[]): ServiceMap => ({
  readAt: '2026-11-27T23:50:00.000Z',
  processes,
});
const SYSTEM = [
  node('gateway'),
  node('trades', { busLagSeconds: 0.25, deadLetters: 3, outboxPending: 4, outboxAgeSeconds: 90 }),
  node('bot', {
    health: 'down',
    readyReplicas: 0,
    windowSeconds: null,
    requestsPerSecond: null,
    errorRatio: null,
    latencyP95Ms: null,
  }),
];
const figure = (process: string, name: string) =>
  document.querySelector(`[data-process="${process}"] [data-figure="${name}"] dd`)?.textContent;

describe('the service map section', () => {
  it('shows the gateway above the services with their health and figures, in English', async () => {
    stubFetch(async (url) =>
      url === '/api/admin/service-map' ? jsonResponse(map(SYSTEM)) : jsonResponse({}, 404),
    );
    renderPage({ language: 'en' }, <ServicesSection />);
    expect(screen.getByText('Reading the processes…')).toBeTruthy();
    await screen.findByText('2 of 3 processes ready');
    const services = screen.getByRole('list', { name: 'Services' });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((li) => li.dataset.process),
    ).toEqual(['trades', 'bot']);
    expect(within(screen.getByRole('list', { name: 'Gateway' })).getByText('gateway')).toBeTruthy();
    expect(figure('trades', 'requests')).toBe('2.5');
    expect(figure('trades', 'errors')).toBe('12.5%');
    expect(figure('trades', 'latency')).toBe('42 ms');
    expect(figure('trades', 'busLag')).toBe('250 ms');
    expect(figure('trades', 'outbox')).toBe('4 waiting, oldest 90 sec');
    expect(figure('bot', 'requests')).toBe('—');
    const bot = document.querySelector('[data-process="bot"]') as HTMLElement;
    expect(within(bot).getByText('Down')).toBeTruthy();
    expect(within(bot).getByText('0 of 1 ready')).toBeTruthy();
    expect(document.querySelector('[data-process="bus"] [data-figure="deadLetters"]')?.textContent).toBe(
      'Dead letters: 3',
    );
  });

  it('keeps the last map when a read fails, says why in Russian, and reads again on retry', async () => {
    let fail = false;
    stubFetch(async () =>
      fail ? jsonResponse({ error: 'Сервис недоступен' }, 503) : jsonResponse(map(SYSTEM)),
    );
    renderPage({ language: 'ru' }, <ServicesSection />);
    await screen.findByText('Готовы 2 из 3 процессов');
    expect(figure('trades', 'latency')).toBe('42 мс');
    expect(figure('trades', 'outbox')).toBe('ждут 4, старейшее 90 с');
    fail = true;
    fireEvent.click(screen.getByRole('button', { name: 'Обновить сейчас' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось получить карту сервисов: Сервис недоступен');
    expect(screen.getByText('Готовы 2 из 3 процессов')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says so when there is no process, and the auto-refresh can be switched off', async () => {
    stubFetch(async () => jsonResponse(map([])));
    renderPage({ language: 'en' }, <ServicesSection />);
    await screen.findByText('No process to show.');
    const auto = screen.getByRole('checkbox', { name: 'Refresh every 10 s' }) as HTMLInputElement;
    expect(auto.checked).toBe(true);
    fireEvent.click(auto);
    expect(auto.checked).toBe(false);
  });
});
