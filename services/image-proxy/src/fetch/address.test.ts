import { describe, expect, it } from 'vitest';
import { deniedRange, ipLiteralOf, isPublicAddress } from './address';

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
      // IPv4-compatible IPv6 (::/96): ipaddr.js calls these unicast; they are refused.
      '::7f00:1',
      '::127.55.55.55',
      '::a00:1',
      '::8.8.8.8',
      '::808:808',
      // NAT64, 6to4 and Teredo are refused whatever they embed; the rest of 2001::/23 too.
      '64:ff9b::808:808',
      '64:ff9b:1::1',
      '2002:808:808::1',
      '2002:c0a8:101::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001::1',
      '2001:2::1',
      '2001:20::1',
      // Documentation, site-local, discard, outside global unicast, zoned.
      '3fff::1',
      '3fff:fff:ffff::1',
      'fec0::1',
      '100::1',
      '4000::1',
      'e000::1',
      'fe80::1%eth0',
      '::ffff:0:7f00:1',
      '::ffff:192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '240.0.0.1',
      '192.0.0.8',
      '100.127.255.254',
      '239.255.255.250',
      'localhost',
      '2130706433',
      '',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });
});

describe('deniedRange', () => {
  it('names why an address is refused, and nothing for a public one', () => {
    expect(deniedRange('::7f00:1')).toBe('ipv4Compatible');
    expect(deniedRange('::ffff:127.0.0.1')).toBe('ipv4Mapped:loopback');
    expect(deniedRange('2002:7f00:1::')).toBe('6to4');
    expect(deniedRange('4000::1')).toBe('notGlobalUnicast');
    expect(deniedRange('169.254.169.254')).toBe('linkLocal');
    expect(deniedRange('::ffff:8.8.8.8')).toBeUndefined();
    expect(deniedRange('2a00:1450:4001::200e')).toBeUndefined();
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
