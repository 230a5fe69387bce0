import { describe, expect, it } from 'vitest';
import { ipLiteralOf, isPublicAddress } from './address';

describe('isPublicAddress', () => {
  it('accepts public unicast IPv4 and IPv6', () => {
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '[2a00:1450:4001::200e]'])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses every internal, special and malformed address', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.251',
      '255.255.255.255',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd00::abcd',
      'ff02::1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001:db8::1',
      'localhost',
      '2130706433',
      '',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('ipLiteralOf', () => {
  it('reads the addresses WHATWG URL parsing leaves in a hostname', () => {
    expect(ipLiteralOf(new URL('http://2130706433/').hostname)).toBe('127.0.0.1');
    expect(ipLiteralOf(new URL('http://0x7f.1/').hostname)).toBe('127.0.0.1');
    expect(ipLiteralOf(new URL('http://017700000001/').hostname)).toBe('127.0.0.1');
    expect(ipLiteralOf(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe('::ffff:7f00:1');
    expect(ipLiteralOf('cdn.example.org')).toBeUndefined();
  });
});
