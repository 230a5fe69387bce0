import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderPage, stubFetch } from '../../../../test/render';
import LogsSection from './index';

/** One entry made five minutes ago, as GET /admin/logs answers it (requirements O3). */
const entry = () => ({
  id: 7,
  adminId: 2,
  Admin: { id: 2, discordId: '1187394520190640129', avatar: null, username: 'admin_hikari' },
  action: 'news.created',
  category: 'other',
  description: 'Created news 1',
  targetType: 'news',
  targetId: '1',
  ip: '127.0.0.1',
  service: 'admin',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
});

describe('the action log', () => {
  for (const [language, fiveMinutesAgo] of [
    ['en', '5 minutes ago'],
    ['ru', '5 минут назад'],
  ] as const) {
    it(`says how long ago an entry was in the interface language (${language})`, async () => {
      stubFetch(async (url) => {
        const path = String(url).split('?')[0];
        if (path === '/admin/logs') return jsonResponse({ rows: [entry()], count: 1 });
        if (path === '/admin/logs/stats')
          return jsonResponse({ total: 1, today: 1, byCategory: { other: 1 } });
        return jsonResponse([]);
      });
      renderPage({ language }, <LogsSection />);
      expect((await screen.findByText(fiveMinutesAgo)).className).toContain('admin-relative');
    });
  }
});

describe('filters the server refuses (issue 28)', () => {
  it('shows why in place and no rows, never the unfiltered list', async () => {
    const asked: string[] = [];
    stubFetch(async (url) => {
      const [path, query = ''] = String(url).split('?');
      if (path === '/admin/logs') {
        asked.push(query);
        // The server refuses a malformed date; without filters it lists one entry.
        if (query.includes('startDate'))
          return jsonResponse({ error: 'startDate: not a date', code: 'validation_failed' }, 400);
        return jsonResponse({ rows: [entry()], count: 1 });
      }
      if (path === '/admin/logs/stats') return jsonResponse({ total: 1, today: 1, byCategory: { other: 1 } });
      return jsonResponse([]);
    });
    renderPage({ language: 'en' }, <LogsSection />);
    await screen.findByText('Created news 1');
    fireEvent.change(screen.getByRole('textbox', { name: 'Admin ID or Discord ID' }), {
      target: { value: 'zzz' },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Administrator ID: digits only (a user ID or a Discord ID). Nothing is listed until it is corrected.',
    );
    expect(screen.queryByText('Created news 1')).toBeNull();
    // Nothing was asked with the bad id.
    expect(asked.some((q) => q.includes('zzz'))).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Admin ID or Discord ID' }), {
      target: { value: '' },
    });
    await screen.findByText('Created news 1');
    expect(screen.queryByRole('alert')).toBeNull();
    // A filter the server refuses: its reason, and no rows.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-02' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The log could not be loaded: startDate: not a date',
    );
    expect(screen.queryByText('Created news 1')).toBeNull();
  });
});
