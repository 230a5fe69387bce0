import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectMessage, shownMessages } from '../../../../test/dialogs';
import { jsonResponse, renderPage, stubFetch, user } from '../../../../test/render';
import VkSection from '.';

const admin = user({ id: 1, adminLevel: 3 });
const stored: Record<string, unknown> = {
  'vk.discordChannelId': '123456789',
  'vk.groups': [{ id: '-1', name: 'Аниме' }],
  'vk.freshnessSeconds': 1800,
  'vk.schedule': '*/30 * * * *',
};

function serve(refuse: (key: string, value: unknown) => string | null) {
  const saved: string[] = [];
  stubFetch(async (url, init) => {
    const read = /^\/api\/config\/(.+)$/.exec(url);
    if (read) return jsonResponse({ key: read[1], value: stored[read[1]!] ?? null, description: null });
    if (url === '/api/admin/vk/runs') return jsonResponse([]);
    if (url === '/api/admin/config' && init?.method === 'POST') {
      const { key, value } = JSON.parse(String(init.body)) as { key: string; value: unknown };
      const refused = refuse(key, value);
      if (refused) return jsonResponse({ error: refused, code: 'validation_failed' }, 400);
      saved.push(key);
      return jsonResponse({ key, value, description: null });
    }
    return jsonResponse({ error: 'unexpected' }, 500);
  });
  return saved;
}

describe('the feed relay settings', () => {
  it('says Сохранено once every setting is saved, and a refused schedule under the schedule, once', async () => {
    const saved = serve((key, value) =>
      key === 'vk.schedule' && value === 'every minute' ? 'Неверное расписание cron' : null,
    );
    renderPage({ user: admin, language: 'ru' }, <VkSection />);
    const schedule = await screen.findByRole('textbox', { name: 'Расписание (cron)' });
    await waitFor(() => expect((schedule as HTMLInputElement).value).toBe('*/30 * * * *'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await expectMessage('Сохранено');
    expect(saved).toEqual(['vk.discordChannelId', 'vk.groups', 'vk.freshnessSeconds', 'vk.schedule']);

    fireEvent.change(schedule, { target: { value: 'every minute' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const error = await screen.findByText('Неверное расписание cron');
    expect(schedule.closest('label')?.contains(error)).toBe(true);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Неверное расписание cron']);
    expect(shownMessages()).toEqual(['Сохранено']);
  });
});
