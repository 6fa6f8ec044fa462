import type { AddressInfo } from 'node:net';
import express, { type RequestHandler, type ErrorRequestHandler } from 'express';

export interface HarnessAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: () => unknown;
}

// Runs middlewares in a real Express app on a loopback port and answers one real HTTP request, so a
// middleware's unit test exercises the same request and response objects as production.
// The final handler answers 200 with what the middlewares left on the request.
export async function throughMiddlewares(
  middlewares: Array<RequestHandler | ErrorRequestHandler>,
  request: { method?: string; path?: string; headers?: Record<string, string>; body?: string } = {},
  finalHandler?: RequestHandler,
): Promise<HarnessAnswer> {
  const app = express();
  app.set('etag', false);
  for (const middleware of middlewares) app.use(middleware);
  app.use(
    finalHandler ??
      ((req, res) => {
        const seen = req as unknown as { body?: unknown; principal?: unknown; requestId?: unknown };
        res
          .status(200)
          .type('application/json')
          .send(
            JSON.stringify({
              reached: true,
              body: seen.body ?? null,
              principal: seen.principal ?? null,
              requestId: seen.requestId ?? null,
            }),
          );
      }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const { port } = server.address() as AddressInfo;
    // eslint-disable-next-line no-restricted-globals -- a bare Express app, not the API: no OpenAPI document applies
    const response = await fetch(`http://127.0.0.1:${port}${request.path ?? '/'}`, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as unknown,
    };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
