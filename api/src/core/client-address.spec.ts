import { clientKey } from './client-address';

describe('clientKey', () => {
  it('keys IPv4 clients by their address, IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  it('keys IPv6 clients by their /64, whatever the spelling', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientKey('2001:DB8:1:2:0:0:0:9')).toBe(key);
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('has one key for a missing or unreadable address', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('nao-e-ip')).toBe('unknown');
  });
});
