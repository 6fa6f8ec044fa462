import { throughMiddlewares } from '../../../../test/support/express-harness';
import { loadConfig } from '../../config/app-config';
import { jsonBodyMiddleware } from './json-body.middleware';

describe('jsonBodyMiddleware', () => {
  const config = loadConfig({
    BODY_LIMIT_BYTES: '1024',
    LARGE_BODY_LIMIT_BYTES: '4096',
    JSON_MAX_DEPTH: '3',
    JSON_MAX_KEYS_PER_OBJECT: '10',
  });
  const post = (body: string, url = '/api/public/v1.0/orgs') =>
    throughMiddlewares(
      [
        jsonBodyMiddleware(config),
        (
          error: { type?: string; errorCode?: string; parameters?: unknown[] },
          _req: unknown,
          res: { status: (n: number) => { send: (t: string) => void } },
          _next: unknown,
        ) =>
          res
            .status(400)
            .send(
              error.errorCode ? `${error.errorCode} ${JSON.stringify(error.parameters)}` : String(error.type),
            ),
      ],
      { method: 'PUT', path: url, headers: { 'content-type': 'application/json' }, body },
    );

  it('should parse an object body', async () => {
    expect((await post('{"a":[1,{"b":null}]}')).json()).toMatchObject({ body: { a: [1, { b: null }] } });
  });

  it('should refuse a bare JSON value and a body over the route limit', async () => {
    expect((await post('"text"')).text).toBe('entity.parse.failed');
    expect((await post(`{"a":"${'x'.repeat(1024)}"}`)).text).toBe('entity.too.large');
    const config = '/api/public/v1.0/groups/5f0c0d0e0f1a2b3c4d5e6f70/automationConfig';
    expect((await post(`{"a":"${'x'.repeat(2048)}"}`, config)).json()).toMatchObject({
      body: { a: 'x'.repeat(2048) },
    });
    expect((await post(`{"a":"${'x'.repeat(4096)}"}`, config)).text).toBe('entity.too.large');
  });

  it('should refuse a body too deep or too wide before parsing it, naming where', async () => {
    expect((await post('{"a":{"b":[[]]}}')).text).toBe('JSON_NESTED_TOO_DEEPLY ["a.b[0]",3]');
    const wide = `{${Array.from({ length: 11 }, (_, index) => `"k${index}":1`).join(',')}}`;
    expect((await post(`{"x":${wide}}`)).text).toBe('TOO_MANY_ATTRIBUTES ["x",10]');
  });
});
