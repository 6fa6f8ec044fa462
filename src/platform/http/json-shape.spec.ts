import { checkJsonShape, type JsonShapeLimits } from './json-shape';

const LIMITS: JsonShapeLimits = { maxDepth: 4, maxKeysPerObject: 3, maxItemsPerArray: 8, maxValues: 14 };

function check(text: string, limits: JsonShapeLimits = LIMITS): ReturnType<typeof checkJsonShape> {
  return checkJsonShape(Buffer.from(text, 'utf8'), limits);
}

function nested(levels: number): string {
  return '{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1);
}

describe('checkJsonShape', () => {
  it.each([
    '{}',
    '[]',
    '{"a":1,"b":[1,2,3,4,5,6,7,8],"c":{"x":{"y":{}}}}',
    '[[[[1,2,3,4,5,6,7,8]]]]',
    // Structural characters inside strings, escaped quotes and backslashes do not count.
    '{"a":"{{{{{{[[[[:::,,,","b":"\\"{{{{{:::","c":"\\\\"}',
    '{"k\\"{":1,"\\u00e9":{"é{[":[{}]}}',
  ])('accepts %s', (text) => {
    expect(check(text)).toBeUndefined();
  });

  it('counts objects and arrays alike towards the depth', () => {
    expect(check(nested(4))).toBeUndefined();
    expect(check(nested(5))).toEqual({ kind: 'depth', path: 'a.a.a.a', limit: 4 });
    expect(check('[[[[[]]]]]')).toEqual({ kind: 'depth', path: '[0][0][0][0]', limit: 4 });
  });

  it('names the value that goes too deep, with array indexes and decoded names', () => {
    expect(check('{"x":1,"list":[0,{"a":1},{"b\\"q":{"z":[[]]}}]}')).toEqual({
      kind: 'depth',
      path: 'list[2].b"q.z',
      limit: 4,
    });
  });

  it('counts attributes per object, not per body', () => {
    expect(check('{"a":1,"b":2,"c":3}')).toBeUndefined();
    expect(check('[{"a":1,"b":2,"c":3},{"a":1,"b":2,"c":3}]')).toBeUndefined();
    expect(check('{"a":{"a":1,"b":2,"c":3},"b":{"a":1,"b":2},"c":1}')).toBeUndefined();
    expect(check('{"a":1,"b":2,"c":3,"d":4}')).toEqual({ kind: 'keys', path: '', limit: 3 });
    expect(check('{"outer":[{"a":1},{"a":1,"b":2,"c":3,"d":4}]}')).toEqual({
      kind: 'keys',
      path: 'outer[1]',
      limit: 3,
    });
  });

  it('counts items per array', () => {
    expect(check('{"list":[0,[1,2,3,4,5,6,7,8,9]]}')).toEqual({ kind: 'items', path: 'list[1]', limit: 8 });
    expect(check('[1,2,3,4,5,6,7,8,9]')).toEqual({ kind: 'items', path: '', limit: 8 });
  });

  it('counts attributes and array items of the whole body together', () => {
    const three = '{"a":1,"b":2,"c":3}';
    expect(check(`[${three},${three},${three},{"a":1}]`)).toBeUndefined();
    expect(check(`[${three},${three},${three},${three}]`)).toEqual({ kind: 'values', limit: 14 });
    expect(check('{"a":[[],[],[]],"b":[[],[],[]],"c":[1]}')).toEqual({ kind: 'values', limit: 14 });
  });

  it('stops at the first excess of a 10,000-deep or 80,000-key body, in linear time', () => {
    const limits = { maxDepth: 32, maxKeysPerObject: 1000, maxItemsPerArray: 100_000, maxValues: 1_000_000 };
    const deep = Buffer.from('['.repeat(10_000) + ']'.repeat(10_000));
    expect(checkJsonShape(deep, limits)).toMatchObject({ kind: 'depth' });
    const keys = Array.from({ length: 80_000 }, (_, index) => `"k${index}":${index}`).join(',');
    expect(checkJsonShape(Buffer.from(`{${keys}}`), limits)).toEqual({ kind: 'keys', path: '', limit: 1000 });
    // A 1 MiB array of small objects within the limits is scanned whole (its cost is a benchmark's).
    const wide = Buffer.from(`[${Array.from({ length: 60_000 }, () => '{"a":[1,{"b":2}]}').join(',')}]`);
    expect(checkJsonShape(wide, limits)).toBeUndefined();
  });

  it('stays bounded on malformed input', () => {
    expect(check('}}}}]]]]{"a":1}')).toBeUndefined();
    expect(check('{"a":"unterminated {{{{{{{')).toBeUndefined();
    expect(check('::::::')).toBeUndefined();
    expect(check('{::::}')).toEqual({ kind: 'keys', path: '', limit: 3 });
  });
});
