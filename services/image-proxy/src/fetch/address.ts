import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is a public unicast address the proxy may connect to. ipaddr.js names
 * the range of an address; only `unicast` (what is left after loopback, private, link-local
 * with the 169.254.169.254 metadata service, carrier-grade NAT, unique-local, multicast,
 * broadcast, unspecified, documentation, benchmarking, 6to4, Teredo, NAT64 and the other
 * reserved blocks) is public. An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the
 * IPv4 address it carries. Anything that does not parse is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!isIP(bare)) return false;
  try {
    return ipaddr.process(bare).range() === 'unicast';
  } catch {
    return false;
  }
}

/**
 * The IP address a URL's hostname spells, or undefined for a DNS name. Hostnames come from the
 * WHATWG URL parser, which already turned decimal, octal and hex IPv4 spellings
 * (`http://2130706433/`, `http://0x7f.1/`, `http://017700000001/`) into dotted form, so a
 * spelled address is always caught here and never reaches a resolver.
 */
export function ipLiteralOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}
