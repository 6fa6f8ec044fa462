import type { Request, Response } from 'express';
import { throughMiddlewares } from '../../../../test/support/express-harness';
import { CommonErrors } from '../error-codes';
import { sendJson, writeError } from './json-response';

describe('json-response', () => {
  it('should answer exact application/json, indented only with pretty=true', async () => {
    const handler = (req: Request, res: Response) => void sendJson(req, res, { a: [1] });
    const plain = await throughMiddlewares([], { path: '/x' }, handler);
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(plain.text).toBe('{"a":[1]}');
    const pretty = await throughMiddlewares([], { path: '/x?pretty=true' }, handler);
    expect(pretty.text).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('should write the product error body with its status', async () => {
    const answer = await throughMiddlewares([], {}, (req, res) =>
      writeError(req, res, CommonErrors.INVALID_ATTRIBUTE('name')),
    );
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ errorCode: 'INVALID_ATTRIBUTE', parameters: ['name'], error: 400 });
  });
});
