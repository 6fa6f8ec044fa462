import { sameSet } from './same-set';

describe('sameSet', () => {
  it('should match when the lists hold the same values in another order', () => {
    expect(sameSet(['ORG_OWNER', 'ORG_MEMBER'], ['ORG_MEMBER', 'ORG_OWNER'])).toBe(true);
  });

  it('should ignore repeats when one list names a value twice', () => {
    expect(sameSet(['A', 'A', 'B'], ['B', 'A'])).toBe(true);
  });

  it('should differ when either side holds a value the other lacks', () => {
    expect(sameSet(['A', 'B'], ['A'])).toBe(false);
    expect(sameSet(['A'], ['A', 'B'])).toBe(false);
    expect(sameSet(['A', 'B'], ['A', 'C'])).toBe(false);
  });
});
