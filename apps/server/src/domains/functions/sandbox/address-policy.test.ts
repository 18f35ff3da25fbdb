import { describe, expect, it } from 'vitest';
import { isAddressAllowed } from './address-policy';

describe('isAddressAllowed', () => {
  it('allows public unicast addresses', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      expect(isAddressAllowed(ip, 443, {}), ip).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, CGNAT, metadata and other special addresses', () => {
    const refused = [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '0.0.0.0',
      '0.1.2.3',
      '255.255.255.255',
      '224.0.0.1',
      '240.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '2001:db8::1',
      'not-an-ip',
    ];
    for (const ip of refused) expect(isAddressAllowed(ip, 80, {}), ip).toBe(false);
  });

  it('judges IPv4-mapped IPv6 by its IPv4 address', () => {
    expect(isAddressAllowed('::ffff:8.8.8.8', 80, {})).toBe(true);
  });

  it('allows listed test addresses, on the listed port only', () => {
    const settings = { allow: [{ address: '127.0.0.1', port: 8080 }, { address: '::1' }] };
    expect(isAddressAllowed('127.0.0.1', 8080, settings)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', 8080, settings)).toBe(true);
    expect(isAddressAllowed('127.0.0.1', 8081, settings)).toBe(false);
    expect(isAddressAllowed('::1', 1, settings)).toBe(true);
    expect(isAddressAllowed('10.0.0.1', 8080, settings)).toBe(false);
  });
});
