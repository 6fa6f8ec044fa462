import { NonceCodec } from './nonce';

describe('NonceCodec', () => {
  const codec = new NonceCodec(Buffer.from('secret'), 300_000);

  it('should accept its own nonce when it is within its lifetime', () => {
    const nonce = codec.issue(1_000_000);
    expect(codec.check(nonce, 1_000_000 + 299_000)).toEqual({ valid: true, issuedAt: 1_000_000 });
  });

  it('should report stale when the nonce has outlived its lifetime', () => {
    const nonce = codec.issue(1_000_000);
    expect(codec.check(nonce, 1_000_000 + 300_001)).toEqual({ valid: false, stale: true });
  });

  it('should refuse a nonce when it was signed with another secret or altered', () => {
    const other = new NonceCodec(Buffer.from('other'), 300_000).issue(1_000_000);
    expect(codec.check(other, 1_000_000)).toEqual({ valid: false, stale: false });
    const nonce = codec.issue(1_000_000);
    const altered = (nonce[0] === 'A' ? 'B' : 'A') + nonce.slice(1);
    expect(codec.check(altered, 1_000_000)).toEqual({ valid: false, stale: false });
    expect(codec.check('not-a-nonce', 1_000_000)).toEqual({ valid: false, stale: false });
  });
});
