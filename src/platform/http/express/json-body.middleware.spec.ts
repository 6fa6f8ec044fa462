import { throughMiddlewares } from '../../../../test/support/express-harness';
import { BODY_LIMIT_BYTES, jsonBodyMiddleware } from './json-body.middleware';

describe('jsonBodyMiddleware', () => {
  const post = (body: string) =>
    throughMiddlewares(
      [
        jsonBodyMiddleware(),
        (
          error: { type?: string },
          _req: unknown,
          res: { status: (n: number) => { send: (t: string) => void } },
          _next: unknown,
        ) => res.status(400).send(String(error.type)),
      ],
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    );

  it('should parse an object body', async () => {
    expect((await post('{"a":[1,{"b":null}]}')).json()).toMatchObject({ body: { a: [1, { b: null }] } });
  });

  it('should refuse a bare JSON value and a body over the limit', async () => {
    expect((await post('"text"')).text).toBe('entity.parse.failed');
    expect((await post(`{"a":"${'x'.repeat(BODY_LIMIT_BYTES)}"}`)).text).toBe('entity.too.large');
  });
});
