import { flattenHeaders, keepWithin, planOutboundRequest } from './outbound-request-plan';
import { OutboundRequestError } from './outbound-request-error';

describe('planOutboundRequest', () => {
  it('should take the default port of the scheme when the URL names none', () => {
    expect(planOutboundRequest('http://example.com/hook', undefined, undefined).port).toBe(80);
    expect(planOutboundRequest('https://example.com/hook', undefined, undefined).port).toBe(443);
    expect(planOutboundRequest('https://example.com:8443/hook', undefined, undefined).port).toBe(8443);
  });

  it('should name an IPv4 or bracketed IPv6 host as an address literal and a name as none', () => {
    expect(planOutboundRequest('http://10.0.0.1/', undefined, undefined).addressLiteral).toBe('10.0.0.1');
    expect(planOutboundRequest('http://[::1]:8080/', undefined, undefined).addressLiteral).toBe('::1');
    expect(planOutboundRequest('http://example.com/', undefined, undefined).addressLiteral).toBeUndefined();
  });

  it('should add the Content-Length of the UTF-8 body to a copy of the headers', () => {
    const headers = { 'Content-Type': 'application/json' };
    const plan = planOutboundRequest('http://example.com/', headers, '{"é":1}');
    expect(plan.headers).toEqual({ 'Content-Type': 'application/json', 'Content-Length': '8' });
    expect(plan.body?.toString('utf8')).toBe('{"é":1}');
    expect(headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('should send no body and no Content-Length when the request has no body', () => {
    const plan = planOutboundRequest('http://example.com/', { Accept: '*/*' }, undefined);
    expect(plan).toMatchObject({ body: undefined, headers: { Accept: '*/*' } });
  });

  it.each([
    ['not a url', 'the URL is not an absolute URL'],
    ['/relative/path', 'the URL is not an absolute URL'],
    ['ftp://example.com/file', 'the URL scheme ftp: is not http or https'],
  ])('should refuse %s as an invalid request', (url, message) => {
    const refusal = (() => {
      try {
        planOutboundRequest(url, undefined, undefined);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(OutboundRequestError);
    expect(refusal).toMatchObject({ failure: 'INVALID_REQUEST', message });
  });
});

describe('keepWithin', () => {
  it('should keep a whole chunk that fits', () => {
    const { kept, overflow } = keepWithin(Buffer.from('abc'), 2, 5);
    expect({ kept: kept.toString(), overflow }).toEqual({ kept: 'abc', overflow: false });
  });

  it('should cut a chunk at the cap and report the overflow', () => {
    const { kept, overflow } = keepWithin(Buffer.from('abcdef'), 2, 5);
    expect({ kept: kept.toString(), overflow }).toEqual({ kept: 'abc', overflow: true });
  });

  it('should keep nothing once the cap is reached', () => {
    const { kept, overflow } = keepWithin(Buffer.from('a'), 5, 5);
    expect({ length: kept.length, overflow }).toEqual({ length: 0, overflow: true });
  });
});

describe('flattenHeaders', () => {
  it('should join repeated headers with a comma and drop absent ones', () => {
    expect(
      flattenHeaders({ 'set-cookie': ['a=1', 'b=2'], 'content-type': 'text/plain', age: undefined }),
    ).toEqual({ 'set-cookie': 'a=1, b=2', 'content-type': 'text/plain' });
  });
});
