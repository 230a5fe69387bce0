import { describe, expect, it } from 'vitest';
import { RETURN_TO_MAX_LENGTH, safeReturnPath, signInLocation } from './return-to';

describe('safeReturnPath', () => {
  it.each([
    ['/characters', '/characters'],
    ['/', '/'],
    ['/profile?tab=stats', '/profile?tab=stats'],
    ['/anime/12#cards', '/anime/12#cards'],
    ['/characters/../profile', '/profile'],
  ])('keeps the site path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    ['another host, protocol-relative', '//evil.example'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash further on', '/a\\b'],
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a relative path without slash', 'characters'],
    ['an encoded //', '%2F%2Fevil.example'],
    ['a slash then an encoded /', '/%2Fevil.example'],
    ['a slash then an encoded backslash', '/%5Cevil.example'],
    ['CRLF', '/x\r\nSet-Cookie: a=b'],
    ['encoded CRLF', '/x%0d%0aSet-Cookie:%20a=b'],
    ['a tab inside //', '/\t/evil.example'],
    ['a NUL', '/x\u0000'],
    ['a broken escape', '/%E0%A4%A'],
    ['the sign-out path', '/auth/logout'],
    ['the sign-in path', '/auth/discord?returnTo=/x'],
    ['an empty string', ''],
    ['too long', `/${'a'.repeat(RETURN_TO_MAX_LENGTH)}`],
    ['not a string', ['/a', '/b']],
    ['missing', undefined],
  ])('refuses %s and returns home', (_case, raw) => {
    expect(safeReturnPath(raw)).toBe('/');
  });
});

describe('signInLocation', () => {
  it('returns to the path as it is after a successful sign-in, without a stale outcome', () => {
    expect(signInLocation('/characters', 'done')).toBe('/characters');
    expect(signInLocation('/profile?login=failed&tab=2', 'done')).toBe('/profile?tab=2');
  });

  it('adds the outcome after a failure or a cancel, keeping the page query', () => {
    expect(signInLocation('/', 'failed')).toBe('/?login=failed');
    expect(signInLocation('/characters?rank=S', 'cancelled')).toBe('/characters?rank=S&login=cancelled');
    expect(signInLocation('/x?login=failed', 'cancelled')).toBe('/x?login=cancelled');
  });

  it('never leaves the site, even when handed an unsafe path', () => {
    expect(signInLocation('//evil.example', 'failed')).toBe('/?login=failed');
  });
});
