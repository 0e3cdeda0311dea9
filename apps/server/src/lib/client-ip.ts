import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address limit counts by (rate limiters, the password queue, connection and socket caps). An
 * IPv4 address is itself (an IPv4-mapped IPv6 address is its IPv4 address); an IPv6 address counts by its /64:
 * one subscriber is routinely given a whole /64 and can pick a new address in it for every request, so a limit
 * per full IPv6 address would limit nothing.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, lower-case hex without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // An embedded IPv4 tail (::1.2.3.4, 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((g) => parseInt(g, 16).toString(16));
}
