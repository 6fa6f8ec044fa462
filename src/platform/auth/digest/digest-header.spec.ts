import { buildChallenge, parseAuthParams, parseDigestAuthorization } from './digest-header';

describe('parseDigestAuthorization', () => {
  it('should parse the Go client form when algorithm is quoted and qop and nc are bare', () => {
    const parsed = parseDigestAuthorization(
      'Digest username="abcdefgh", realm="MMS Public API", nonce="n1", uri="/api/public/v1.0/orgs?pageNum=1", ' +
        'response="ABCDEF", algorithm="MD5", qop=auth, nc=00000001, cnonce="0123456789abcdef"',
    );
    expect(parsed).toEqual({
      username: 'abcdefgh',
      realm: 'MMS Public API',
      nonce: 'n1',
      uri: '/api/public/v1.0/orgs?pageNum=1',
      response: 'abcdef',
      algorithm: 'MD5',
      qop: 'auth',
      nc: '00000001',
      cnonce: '0123456789abcdef',
      opaque: undefined,
    });
  });

  it('should keep commas and escaped quotes inside quoted values when parsing', () => {
    const params = parseAuthParams('a="x, y", b="say \\"hi\\"", c=tok');
    expect(params.get('a')).toBe('x, y');
    expect(params.get('b')).toBe('say "hi"');
    expect(params.get('c')).toBe('tok');
  });

  it('should refuse a header when the scheme is not Digest or a required field is missing', () => {
    expect(parseDigestAuthorization('Basic dXNlcjpwYXNz')).toBeNull();
    expect(parseDigestAuthorization('Digest username="a", realm="r", nonce="n", uri="/"')).toBeNull();
    expect(parseDigestAuthorization(undefined)).toBeNull();
  });

  it('should refuse an algorithm when it is neither MD5 nor SHA-256', () => {
    expect(
      parseDigestAuthorization(
        'Digest username="a", realm="r", nonce="n", uri="/", response="x", algorithm=MD5-sess',
      ),
    ).toBeNull();
  });
});

describe('buildChallenge', () => {
  it('should separate parameters with exactly ", " and use qop when building the challenge', () => {
    expect(buildChallenge('NONCE', 'MD5', false)).toBe(
      'Digest realm="MMS Public API", domain="", nonce="NONCE", algorithm=MD5, qop="auth", stale=false',
    );
    expect(buildChallenge('N', 'SHA-256', true)).toContain('algorithm=SHA-256, qop="auth", stale=true');
  });
});
