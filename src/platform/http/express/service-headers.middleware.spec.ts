import type { Request, Response } from 'express';
import { throughMiddlewares } from '../../../../test/support/express-harness';
import { serviceHeadersMiddleware } from './service-headers.middleware';

describe('serviceHeadersMiddleware', () => {
  const middleware = serviceHeadersMiddleware({ gitHash: 'abc', versionString: '1.2.3' });
  const answerJson = (status: number) => (_req: Request, res: Response) =>
    void res.status(status).json({ ok: 1 });

  it('should set the product headers on every answer', async () => {
    const answer = await throughMiddlewares([middleware], {}, answerJson(200));
    expect(answer.headers.get('x-mongodb-service-version')).toBe('gitHash=abc; versionString=1.2.3');
    expect(answer.headers.get('x-vendor-service-version')).toBe('gitHash=abc; versionString=1.2.3');
    expect(answer.headers.get('strict-transport-security')).toBe('max-age=300');
    expect(answer.headers.get('vary')).toBe('Accept-Encoding');
    expect(answer.headers.get('content-type')).toBe('application/json');
  });

  it('should wrap a result in the envelope only when asked and only below 400', async () => {
    const enveloped = await throughMiddlewares([middleware], { path: '/x?envelope=true' }, answerJson(201));
    expect(enveloped.json()).toEqual({ status: 201, content: { ok: 1 } });
    const failure = await throughMiddlewares([middleware], { path: '/x?envelope=true' }, answerJson(404));
    expect(failure.json()).toEqual({ ok: 1 });
    const plain = await throughMiddlewares([middleware], { path: '/x' }, answerJson(200));
    expect(plain.json()).toEqual({ ok: 1 });
  });
});
