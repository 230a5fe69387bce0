import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one address policy of the image proxy (and of any fetch of a URL a user gave): whether an
 * IP address is a public unicast address it may connect to. Applied to the address a URL spells
 * and to EVERY address its host name resolves to, before any socket is opened.
 *
 * IPv4: only ipaddr.js's `unicast` passes, so loopback, private, link-local (with the
 * 169.254.169.254 metadata service), carrier-grade NAT, multicast, broadcast, unspecified (0/8),
 * the documentation, benchmarking and other reserved blocks are refused.
 * IPv6: only global unicast (2000::/3) that ipaddr.js calls `unicast` passes. Refused whatever
 * they carry: IPv4-compatible (::/96, e.g. `::7f00:1`, which ipaddr.js calls unicast), NAT64
 * (64:ff9b::/96, 64:ff9b:1::/48), 6to4 (2002::/16), Teredo (2001::/32) and the rest of the IETF
 * protocol block 2001::/23, the documentation blocks (2001:db8::/32, 3fff::/20), unique-local,
 * link-local, site-local, multicast, loopback, unspecified, and any address with a zone.
 * IPv4-mapped (::ffff:0:0/96) is judged as the IPv4 address it carries.
 */
const cidr = (text: string) => ipaddr.parseCIDR(text) as [ipaddr.IPv6, number];
const GLOBAL_UNICAST = cidr('2000::/3');
const DENIED_V6: Array<[string, [ipaddr.IPv6, number]]> = [
  ['ipv4Compatible', cidr('::/96')],
  ['nat64', cidr('64:ff9b::/96')],
  ['nat64', cidr('64:ff9b:1::/48')],
  ['6to4', cidr('2002::/16')],
  ['teredo', cidr('2001::/32')],
  ['ietfProtocol', cidr('2001::/23')],
  ['documentation', cidr('2001:db8::/32')],
  ['documentation', cidr('3fff::/20')],
];

/** Why an address is refused, or undefined when it is public. Anything unparsable is refused. */
export function deniedRange(address: string): string | undefined {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 0) return 'not_an_address';
  if (bare.includes('%')) return 'zoned';
  try {
    if (family === 4) {
      const range = ipaddr.IPv4.parse(bare).range();
      return range === 'unicast' ? undefined : range;
    }
    // ipaddr.js reads an embedded dotted quad (`::1.2.3.4`) as IPv4-mapped; the WHATWG URL
    // parser reads it right (`::102:304`), so that spelling is first put in canonical form.
    const v6 = ipaddr.IPv6.parse(
      bare.includes('.') ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare,
    );
    if (v6.isIPv4MappedAddress()) {
      const inner = deniedRange(v6.toIPv4Address().toString());
      return inner && `ipv4Mapped:${inner}`;
    }
    // Named ranges first (loopback ::1 and unspecified :: are inside ::/96 too).
    const range = v6.range();
    if (range !== 'unicast') return range;
    for (const [name, block] of DENIED_V6) if (v6.match(block)) return name;
    return v6.match(GLOBAL_UNICAST) ? undefined : 'notGlobalUnicast';
  } catch {
    return 'not_an_address';
  }
}

export const isPublicAddress = (address: string): boolean => deniedRange(address) === undefined;

/**
 * The IP address a URL's hostname spells, or undefined for a DNS name. Hostnames come from the
 * WHATWG URL parser, which already turned decimal, octal and hex IPv4 spellings
 * (`http://2130706433/`, `http://0x7f.1/`, `http://017700000001/`), percent-encoded hosts and
 * trailing dots into dotted form, so a spelled address is always caught here and never reaches
 * a resolver.
 */
export function ipLiteralOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}
