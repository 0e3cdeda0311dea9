import { describe, expect, it } from 'vitest';
import { clientKey } from './client-ip';

describe('clientKey', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = clientKey('2001:db8:85a3:42::1');
    expect(key).toBe('2001:db8:85a3:42::/64');
    expect(clientKey('2001:0db8:85a3:0042:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKey('2001:DB8:85A3:42:1234::abcd')).toBe(key);
    expect(clientKey('2001:db8:85a3:43::1')).not.toBe(key);
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('passes anything else through', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
