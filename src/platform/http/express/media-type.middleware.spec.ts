import { throughMiddlewares } from '../../../../test/support/express-harness';
import { mediaTypeMiddleware } from './media-type.middleware';

describe('mediaTypeMiddleware', () => {
  it('should refuse a body that is not JSON with 415', async () => {
    const answer = await throughMiddlewares([mediaTypeMiddleware()], {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(answer.status).toBe(415);
    expect(answer.json()).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE', parameters: ['text/plain'] });
  });

  it('should accept JSON and vendor JSON, and a request without a body', async () => {
    for (const type of [
      'application/json',
      'application/vnd.atlas.2023-01-01+json',
      'application/json; charset=utf-8',
    ]) {
      const answer = await throughMiddlewares([mediaTypeMiddleware()], {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{}',
      });
      expect(answer.status).toBe(200);
    }
    expect((await throughMiddlewares([mediaTypeMiddleware()], { method: 'DELETE' })).status).toBe(200);
  });
});
