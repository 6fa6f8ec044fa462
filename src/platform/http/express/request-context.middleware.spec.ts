import type { Request, Response } from 'express';
import { throughMiddlewares } from '../../../../test/support/express-harness';
import type { RequestInfo } from '../request-context';
import { requestIdFrom, requestInfoOf } from './request-context.middleware';

// The middleware itself needs an initialised Nest application (nestjs-cls); every e2e test runs it.
describe('request context', () => {
  it('should keep a plain caller request id and replace anything else', () => {
    expect(requestIdFrom('abc-1.2_3')).toBe('abc-1.2_3');
    expect(requestIdFrom('has space')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(65))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(['a', 'b'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });

  async function infoFor(publicBaseUrl: string | undefined, path: string): Promise<RequestInfo> {
    const answer = await throughMiddlewares([], { method: 'POST', path }, (req: Request, res: Response) => {
      res.type('application/json').send(JSON.stringify(requestInfoOf(req, 'req-1', { publicBaseUrl })));
    });
    return answer.json() as RequestInfo;
  }

  it('should record the request with PUBLIC_BASE_URL as the origin when set', async () => {
    expect(await infoFor('https://ops.example.com', '/api/x?b=1&b=2')).toEqual({
      requestId: 'req-1',
      method: 'POST',
      origin: 'https://ops.example.com',
      path: '/api/x',
      query: [
        ['b', '1'],
        ['b', '2'],
      ],
      remoteAddress: '127.0.0.1',
    });
  });

  it('should take the origin from the request when PUBLIC_BASE_URL is unset', async () => {
    expect((await infoFor(undefined, '/y')).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
