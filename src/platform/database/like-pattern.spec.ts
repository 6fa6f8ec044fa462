import { likeLiteral } from './like-pattern';

describe('likeLiteral', () => {
  it('should escape the LIKE wildcards and the backslash when the value holds them', () => {
    expect(likeLiteral('a_b%c\\d')).toBe('a\\_b\\%c\\\\d');
  });

  it('should leave a value without wildcards as it is', () => {
    expect(likeLiteral('Ada.Lovelace@Example.org')).toBe('Ada.Lovelace@Example.org');
  });
});
