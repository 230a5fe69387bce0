import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_CACHE_MS, type Franchise } from '../../../api/admin-catalogue';
import { createQueryClient } from '../../../api/query';
import { jsonResponse, stubFetch } from '../../../test/render';
import { asRows, useResourceList } from './useResource';

function Franchises() {
  const list = useResourceList('GET /admin/franchises', asRows<Franchise>, { staleTime: CLIENT_CACHE_MS });
  return <p>{list.loaded ? list.rows.map((r) => r.title).join(', ') : 'loading'}</p>;
}

afterEach(() => vi.useRealTimers());

describe('useResourceList', () => {
  it('keeps a 5-minute list (requirements C7): a section shown again within 5 minutes asks nothing, after them it asks again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const fetchMock = stubFetch(async () => jsonResponse([{ id: 1, title: 'Death Note' }]));
    const client = createQueryClient();
    const show = () =>
      render(
        <QueryClientProvider client={client}>
          <Franchises />
        </QueryClientProvider>,
      );
    const first = show();
    await screen.findByText('Death Note');
    first.unmount();
    act(() => vi.advanceTimersByTime(CLIENT_CACHE_MS - 1000));
    const second = show();
    expect(screen.getByText('Death Note')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    second.unmount();
    act(() => vi.advanceTimersByTime(2000));
    show();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('never keeps a failure: the next showing asks again', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ error: 'down' }, 503));
    const client = createQueryClient();
    const show = () =>
      render(
        <QueryClientProvider client={client}>
          <Franchises />
        </QueryClientProvider>,
      );
    const first = show();
    await vi.waitFor(() => expect(client.getQueryState(['GET /admin/franchises'])?.status).toBe('error'));
    first.unmount();
    show();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
