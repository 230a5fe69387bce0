import { screen } from '@testing-library/react';
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
