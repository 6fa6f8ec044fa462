import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import { createApp } from '../../src/app.setup';
import { call, type ApiResponse } from '../support/digest-client';
import {
  bootstrapFirstUser,
  createOrg,
  createProject,
  type BootstrapResult,
} from '../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectApiError } from '../support/api-error';

async function sql(t: TestApp, text: string): Promise<void> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function expectRateLimited(response: ApiResponse, limit: number): void {
  expectApiError(response, 429, 'RATE_LIMITED', {
    parameters: [expect.any(String), limit, 1],
    detail: expect.stringMatching(
      new RegExp(`^Resource /\\S+ is limited to ${limit} requests every 1 minutes\\.$`),
    ),
  });
  expect(response.headers['ratelimit-limit']).toBe(String(limit));
  expect(response.headers['ratelimit-remaining']).toBe('0');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(60 / limit));
}

describe('Rate limiting (token buckets in Postgres)', () => {
  describe('when no limit is configured', () => {
    let t: TestApp;
    let boot: BootstrapResult;

    beforeAll(async () => {
      t = await startTestApp();
      boot = await bootstrapFirstUser(t);
    });

    afterAll(async () => {
      await t?.close();
    });

    it('should never answer 429 nor send RateLimit headers when the limits are unset', async () => {
      const responses = await Promise.all(
        Array.from({ length: 40 }, () => call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
      expect(responses.every((r) => r.headers['ratelimit-limit'] === undefined)).toBe(true);
    });
  });

  describe('RATE_LIMIT_PER_MINUTE per credential and project', () => {
    let t: TestApp;
    let second: INestApplication;
    let secondUrl: string;
    let boot: BootstrapResult;
    let groupA: string;
    let groupB: string;

    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
      boot = await bootstrapFirstUser(t);
      const org = await createOrg(t, boot.globalKey);
      groupA = (await createProject(t, boot.globalKey, org.id)).id;
      groupB = (await createProject(t, boot.globalKey, org.id)).id;
      // A second instance on the same database: the buckets are shared.
      second = await createApp(t.config, t.databaseUrl);
      await second.listen(0, '127.0.0.1');
      secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}/api/public/v1.0`;
    }, 60000);

    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('should refuse the 6th call on one project within a minute with 429 RATE_LIMITED, counting both instances', async () => {
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const base = i % 2 === 0 ? t.apiUrl : secondUrl;
        const response = await call('GET', `${base}/groups/${groupA}`, { auth: boot.globalKey });
        expect(response.status).toBe(200);
        expect(response.headers['ratelimit-limit']).toBe('5');
        remaining.push(String(response.headers['ratelimit-remaining']));
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      expectRateLimited(await call('GET', `${secondUrl}/groups/${groupA}`, { auth: boot.globalKey }), 5);
      expectRateLimited(
        await call('GET', `${t.apiUrl}/groups/${groupA}/alerts`, { auth: boot.globalKey }),
        5,
      );
    });

    it('should keep a separate bucket for another project of the same credential', async () => {
      const response = await call('GET', `${t.apiUrl}/groups/${groupB}`, { auth: boot.globalKey });
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-remaining']).toBe('4');
    });

    it('should serve the credential again once its bucket has refilled', async () => {
      // A minute passing, as the database clock sees it.
      await sql(t, `UPDATE rate_limit_buckets SET updated_at = updated_at - interval '61 seconds'`);
      const response = await call('GET', `${t.apiUrl}/groups/${groupA}`, { auth: boot.globalKey });
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-remaining']).toBe('4');
    });

    it('should not count a refused call as a refill nor drive the bucket into debt', async () => {
      for (let i = 0; i < 4; i++) await call('GET', `${t.apiUrl}/groups/${groupA}`, { auth: boot.globalKey });
      for (let i = 0; i < 5; i++)
        expect((await call('GET', `${t.apiUrl}/groups/${groupA}`, { auth: boot.globalKey })).status).toBe(
          429,
        );
      // 12 s refill one token at 5/minute, however many refusals came before.
      await sql(t, `UPDATE rate_limit_buckets SET updated_at = updated_at - interval '12.5 seconds'`);
      expect((await call('GET', `${t.apiUrl}/groups/${groupA}`, { auth: boot.globalKey })).status).toBe(200);
      expect((await call('GET', `${t.apiUrl}/groups/${groupA}`, { auth: boot.globalKey })).status).toBe(429);
    });
  });

  describe('RATE_LIMIT_PER_ADDRESS_PER_MINUTE', () => {
    let t: TestApp;
    let boot: BootstrapResult;

    beforeAll(async () => {
      t = await startTestApp({ RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '3' });
      boot = await bootstrapFirstUser(t);
    });

    afterAll(async () => {
      await t?.close();
    });

    it('should limit every caller from one address together, and never /health', async () => {
      // The bootstrap call above was the first from 127.0.0.1.
      expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.globalKey })).status).toBe(200);
      expect((await call('GET', `${t.apiUrl}/orgs`, { auth: boot.userCredentials })).status).toBe(200);
      expectRateLimited(await call('GET', `${t.apiUrl}/orgs`, { auth: boot.userCredentials }), 3);
      expectRateLimited(await call('GET', `${t.baseUrl}/metrics`), 3);
      for (let i = 0; i < 5; i++) expect((await call('GET', `${t.baseUrl}/health`)).status).toBe(200);
    });
  });
});
