import { computeHa1, constantTimeEquals, expectedResponse } from './digest-hash';

describe('expectedResponse', () => {
  it('should match the RFC 2617 worked example when qop is auth', () => {
    const ha1 = computeHa1('MD5', 'Mufasa', 'testrealm@host.com', 'Circle Of Life');
    expect(ha1).toBe('939e7578ed9e3c518a452acee763bce9');
    const response = expectedResponse(ha1, 'GET', {
      username: 'Mufasa',
      realm: 'testrealm@host.com',
      nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
      uri: '/dir/index.html',
      response: '',
      algorithm: 'MD5',
      qop: 'auth',
      nc: '00000001',
      cnonce: '0a4f113b',
    });
    expect(response).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('should match the RFC 7616 SHA-256 example when algorithm is SHA-256', () => {
    const ha1 = computeHa1('SHA-256', 'Mufasa', 'http-auth@example.org', 'Circle of Life');
    const response = expectedResponse(ha1, 'GET', {
      username: 'Mufasa',
      realm: 'http-auth@example.org',
      nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
      uri: '/dir/index.html',
      response: '',
      algorithm: 'SHA-256',
      qop: 'auth',
      nc: '00000001',
      cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
    });
    expect(response).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
  });
});

describe('constantTimeEquals', () => {
  it('should compare equal and unequal strings when lengths differ or match', () => {
    expect(constantTimeEquals('abc', 'abc')).toBe(true);
    expect(constantTimeEquals('abc', 'abd')).toBe(false);
    expect(constantTimeEquals('abc', 'abcd')).toBe(false);
  });
});
