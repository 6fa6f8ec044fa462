import { cidrContains, findMatchingCidr, isSingleAddress, normalizeAddress, parseCidr } from './cidr';

describe('normalizeAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    [' 10.0.0.1 ', '10.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:7f00:1', '127.0.0.1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:0db8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::', '::'],
    ['::1', '::1'],
    ['1::', '1::'],
    ['::192.0.2.1', '::c000:201'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ])('should print %s as %s when it is a valid address', (input, expected) => {
    expect(normalizeAddress(input)).toBe(expected);
  });

  it.each([
    '',
    'localhost',
    '256.0.0.1',
    '01.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '12345::',
    'fe80::1%eth0',
    '::ffff:1.2.3.256',
    '0x7f.0.0.1',
    '127.1',
    '::ffff:01.2.3.4',
    '::ffff:0x7f.0.0.1',
    '::ffff:127.1',
    ':1.2.3.4',
    '192.0.2.0/24',
  ])('should refuse %p when it is not an address', (input) => {
    expect(normalizeAddress(input)).toBeNull();
  });
});

describe('parseCidr', () => {
  it.each([
    ['192.0.2.0/24', '192.0.2.0/24', 24],
    ['192.0.2.77/24', '192.0.2.0/24', 24],
    ['10.1.2.3/8', '10.0.0.0/8', 8],
    ['0.0.0.0/0', '0.0.0.0/0', 0],
    ['203.0.113.9', '203.0.113.9/32', 32],
    ['203.0.113.9/32', '203.0.113.9/32', 32],
    ['2001:DB8::7/32', '2001:db8::/32', 32],
    ['2001:db8::1', '2001:db8::1/128', 128],
    ['::/0', '::/0', 0],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8', 8],
    ['::ffff:127.0.0.1', '127.0.0.1/32', 32],
  ])('should read %s as %s when it is well formed', (input, text, prefix) => {
    expect(parseCidr(input)).toMatchObject({ text, prefix });
  });

  it.each([
    '192.0.2.0/33',
    '2001:db8::/129',
    '192.0.2.0/',
    '192.0.2.0/x',
    '192.0.2.0/-1',
    '/24',
    'a.b.c.d/8',
    '1.2.3.4/8/9',
  ])('should refuse %p when it is malformed', (input) => {
    expect(parseCidr(input)).toBeNull();
  });

  it('should tell a single address from a range when the prefix is the full length', () => {
    expect(isSingleAddress(parseCidr('192.0.2.1/32')!)).toBe(true);
    expect(isSingleAddress(parseCidr('2001:db8::1')!)).toBe(true);
    expect(isSingleAddress(parseCidr('192.0.2.0/31')!)).toBe(false);
  });
});

describe('cidrContains', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.0.2.128/25', '192.0.2.127', false],
    ['192.0.2.128/25', '192.0.2.200', true],
    ['127.0.0.1/32', '::ffff:127.0.0.1', true],
    ['0.0.0.0/0', '198.51.100.4', true],
    ['0.0.0.0/0', '2001:db8::1', false],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['::/0', '127.0.0.1', false],
    ['10.0.0.0/8', 'not-an-address', false],
  ])('should say %s contains %s is %s', (cidr, address, expected) => {
    expect(cidrContains(parseCidr(cidr)!, address)).toBe(expected);
  });
});

describe('findMatchingCidr', () => {
  it('should return the most specific block as given when several contain the address', () => {
    expect(findMatchingCidr('127.0.0.1', ['127.0.0.0/8', '127.0.0.1/32', '0.0.0.0/0'])).toBe('127.0.0.1/32');
  });

  it('should match the socket form of an IPv4 caller when the list holds IPv4 blocks', () => {
    expect(findMatchingCidr('::ffff:192.0.2.9', ['192.0.2.0/24'])).toBe('192.0.2.0/24');
  });

  it('should return undefined when no block contains the address', () => {
    expect(findMatchingCidr('127.0.0.1', ['10.0.0.0/8', '2001:db8::/32'])).toBeUndefined();
  });
});
