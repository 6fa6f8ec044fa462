import { pathOf, queryPairs } from './request-url';

describe('request-url', () => {
  it('should split the path from the query', () => {
    expect(pathOf('/api/public/v1.0/groups?pretty=true')).toBe('/api/public/v1.0/groups');
    expect(pathOf('/health')).toBe('/health');
  });

  it('should keep repeated query keys in arrival order, decoded', () => {
    expect(queryPairs('/x?a=1&b=two%20words&a=3')).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['a', '3'],
    ]);
    expect(queryPairs('/x')).toEqual([]);
  });
});
