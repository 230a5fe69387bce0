import { describe, expect, it } from 'vitest';
import { screenFor, statusFor } from './screens';

describe('screenFor (requirements M2)', () => {
  it.each([
    ['/', { name: 'home' }],
    ['/profile', { name: 'profile' }],
    ['/profile/', { name: 'profile' }],
    ['/admin', { name: 'admin' }],
    ['/admin/users', { name: 'admin' }],
    ['/admin-tools', { name: 'admin' }],
    ['/characters', { name: 'characters' }],
    ['/trade', { name: 'trade' }],
    ['/anime', { name: 'anime' }],
    ['/anime/16498', { name: 'animeDetail', animeId: '16498' }],
    ['/anime/16498/', { name: 'animeDetail', animeId: '16498' }],
    ['/anime/16498/cards', { name: 'home' }],
    ['/trade/api', { name: 'home' }],
    ['/somewhere/else', { name: 'home' }],
    ['/u/42', { name: 'collector', userId: 42 }],
    ['/u/42/', { name: 'collector', userId: 42 }],
    ['/u/0', { name: 'home' }],
    ['/u/abc', { name: 'home' }],
    ['/u/99999999999', { name: 'home' }],
  ])('%s → %o', (path, screen) => {
    expect(screenFor(path)).toEqual(screen);
  });
});

describe('statusFor', () => {
  const signedIn = { id: 1, adminLevel: 0, username: 'a' };
  it('answers 403 for profile and trade only when signed out', () => {
    expect(statusFor({ name: 'profile' }, null)).toBe(403);
    expect(statusFor({ name: 'trade' }, null)).toBe(403);
    expect(statusFor({ name: 'profile' }, signedIn)).toBe(200);
    expect(statusFor({ name: 'trade' }, signedIn)).toBe(200);
    expect(statusFor({ name: 'home' }, null)).toBe(200);
    expect(statusFor({ name: 'admin' }, null)).toBe(200);
    expect(statusFor({ name: 'collector', userId: 2 }, null)).toBe(403);
    expect(statusFor({ name: 'collector', userId: 2 }, signedIn)).toBe(200);
  });
});
