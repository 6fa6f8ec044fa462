import { isHostname } from './hostname';

describe('isHostname', () => {
  it.each([
    'db0.example.com',
    'localhost',
    'a',
    'DB-1.Example.COM.',
    `${'a'.repeat(63)}.example.com`,
    '10.0.0.1',
    '::1',
    '[2001:db8::1]',
    'x'.repeat(31),
  ])('should accept %s', (value) => expect(isHostname(value)).toBe(true));

  it.each([
    '',
    '-db.example.com',
    'db-.example.com',
    'db..example.com',
    'db_0.example.com',
    'db0.example.com:27017',
    `${'a'.repeat(64)}.example.com`,
    `${'abcdefghi.'.repeat(25)}abcd`,
    'a b',
    'db0.example.com/x',
    '💥.example.com',
    '.',
  ])('should refuse %s', (value) => expect(isHostname(value)).toBe(false));

  it('should accept a :port only where the field allows it', () => {
    expect(isHostname('db0.example.com:27017', { allowPort: true })).toBe(true);
    expect(isHostname('[::1]:27017', { allowPort: true })).toBe(true);
    expect(isHostname('::1', { allowPort: true })).toBe(true);
    expect(isHostname('db0.example.com:0', { allowPort: true })).toBe(false);
    expect(isHostname('db0.example.com:65536', { allowPort: true })).toBe(false);
    expect(isHostname('-x:27017', { allowPort: true })).toBe(false);
  });
});
