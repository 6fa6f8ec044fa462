import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppLogger, createPinoLogger } from '../../../src/platform/logging/app-logger';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { eventually } from '../../support/eventually';
import { expectApiError } from '../../support/api-error';

describe('GET /health', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('should answer 200 with the process and database status when called without credentials', async () => {
    const response = await call('GET', `${t.baseUrl}/health`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers).not.toHaveProperty('www-authenticate');
  });

  it('should echo the caller X-Request-Id when the caller sends a well-formed one', async () => {
    const response = await call('GET', `${t.baseUrl}/health`, {
      headers: { 'X-Request-Id': 'probe-42.a_b' },
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-request-id']).toBe('probe-42.a_b');
  });

  it('should challenge like any protected path when health is requested under the API prefix', async () => {
    const response = await call('GET', `${t.apiUrl}/health`);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBeDefined();
  });

  it('should log one JSON line with request id, method, path, status and latency but no credentials when a request completes', async () => {
    const lines: string[] = [];
    Logger.overrideLogger(
      new AppLogger(createPinoLogger('info', { write: (line: string) => void lines.push(line) })),
    );
    const response = await call('GET', `${t.baseUrl}/health?token=query-secret`, {
      headers: {
        'X-Request-Id': 'log-probe-1',
        Authorization: 'Digest username="pub", response="0123456789abcdef0123456789abcdef"',
      },
    });
    expect(response.status).toBe(200);
    await eventually('the request log line', () =>
      lines.some((line) => line.includes('request completed')) ? true : undefined,
    );
    const entry = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === 'request completed');
    expect(entry).toMatchObject({
      level: 'info',
      context: 'HttpRequest',
      requestId: 'log-probe-1',
      method: 'GET',
      path: '/health',
      status: 200,
    });
    expect(typeof entry?.latencyMs).toBe('number');
    const text = lines.join('');
    expect(text).not.toContain('0123456789abcdef0123456789abcdef');
    expect(text).not.toContain('query-secret');
  });
});

describe('GET /health (database down)', () => {
  it('should answer 503 SERVICE_UNAVAILABLE when the database cannot be reached', async () => {
    const t = await startTestApp();
    try {
      await t.app.get(DataSource).destroy();
      const response = await call('GET', `${t.baseUrl}/health`);
      expectApiError(response, 503, 'SERVICE_UNAVAILABLE');
    } finally {
      await t.close();
    }
  });
});
