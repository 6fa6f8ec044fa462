import { unstorableInputRefusal } from './unstorable-input.middleware';

describe('unstorableInputRefusal', () => {
  it('should accept storable input', () => {
    expect(unstorableInputRefusal('/x?a=b', { name: 'é 😀', list: [{ k: 'v' }] })).toBeUndefined();
  });

  it('should name the attribute holding U+0000 or a lone surrogate, at any depth', () => {
    expect(unstorableInputRefusal('/x', { a: { b: ['ok', 'bad\u0000'] } })?.parameters).toEqual(['a.b.1']);
    expect(unstorableInputRefusal('/x', { a: '\uD800' })?.errorCode).toBe('INVALID_ATTRIBUTE');
    expect(unstorableInputRefusal('/x', { ['k\u0000ey']: 1 })?.parameters).toEqual(['key']);
  });

  it('should refuse a query parameter and answer 404 for a path holding %00', () => {
    expect(unstorableInputRefusal('/x?na%00me=1', undefined)?.parameters).toEqual(['name']);
    expect(unstorableInputRefusal('/x%00y', undefined)?.status).toBe(404);
  });
});
