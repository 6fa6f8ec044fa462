import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { eventually } from '../../support/eventually';
import { startTestApp, type TestApp } from '../../support/test-app';

// Readiness, apart from liveness: the database answers, every migration of this build ran, and the
// LISTEN connections are up. Answers are reused for a second, so failures are waited for.
describe('GET /health/ready', () => {
  let t: TestApp;
  let db: Client;

  beforeAll(async () => {
    t = await startTestApp();
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const ready = () => call('GET', `${t.baseUrl}/health/ready`);

  it('should answer 200 with every check when the service is ready and no credentials are sent', async () => {
    const response = await ready();

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: { database: 'up', migrations: 'applied', listeners: 'connected' },
    });
    expect(response.headers).not.toHaveProperty('www-authenticate');
  });

  it('should answer 503 naming migrations when a migration of this build has not run, and 200 once it has', async () => {
    const [row] = (
      await db.query(
        'DELETE FROM typeorm_migrations WHERE id = (SELECT max(id) FROM typeorm_migrations) RETURNING *',
      )
    ).rows;
    try {
      const refused = await eventually('a 503 naming migrations', async () => {
        const response = await ready();
        return response.status === 503 ? response : undefined;
      });
      expectApiError(refused, 503, 'SERVICE_UNAVAILABLE', ['migrations']);
    } finally {
      await db.query('INSERT INTO typeorm_migrations (id, timestamp, name) VALUES ($1, $2, $3)', [
        row.id,
        row.timestamp,
        row.name,
      ]);
    }
    await eventually('ready again', async () => ((await ready()).status === 200 ? true : undefined));
  });

  it('should answer 503 naming the listener while the credential listener is disconnected, then 200 when it is back', async () => {
    // The listener reconnects after a second: its connection is ended again on every probe until a
    // readiness answer (recomputed at most once a second) has seen it gone.
    const refused = await eventually('a 503 naming the credential listener', async () => {
      const { rows } = await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'dms-credential-changes'`,
      );
      const response = await ready();
      return response.status === 503 && rows.length > 0 ? response : undefined;
    });

    expect(refused.body.parameters).toContain('listener:credentials');
    await eventually('ready again', async () => ((await ready()).status === 200 ? true : undefined));
  });

  it('should keep /health answering 200 when readiness fails on pending migrations', async () => {
    const [row] = (
      await db.query(
        'DELETE FROM typeorm_migrations WHERE id = (SELECT max(id) FROM typeorm_migrations) RETURNING *',
      )
    ).rows;
    try {
      await eventually('a 503', async () => ((await ready()).status === 503 ? true : undefined));
      expect((await call('GET', `${t.baseUrl}/health`)).status).toBe(200);
    } finally {
      await db.query('INSERT INTO typeorm_migrations (id, timestamp, name) VALUES ($1, $2, $3)', [
        row.id,
        row.timestamp,
        row.name,
      ]);
    }
  });

  it('should check the database at most once a second when probed 100 times at once', async () => {
    await eventually('ready', async () => ((await ready()).status === 200 ? true : undefined));
    const query = jest.spyOn(t.app.get(DataSource), 'query');
    try {
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 100 }, () => ready()));
      const periods = Math.floor((Date.now() - started) / 1000) + 1;

      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const migrationReads = query.mock.calls.filter(
        ([sql]) => typeof sql === 'string' && sql.includes('FROM typeorm_migrations'),
      ).length;
      expect(migrationReads).toBeLessThanOrEqual(periods);
    } finally {
      query.mockRestore();
    }
  });
});

describe('GET /health/ready (database down)', () => {
  it('should answer 503 naming database when the database cannot be reached', async () => {
    const t = await startTestApp();
    try {
      await t.app.get(DataSource).destroy();
      const response = await eventually('a 503', async () => {
        const answer = await call('GET', `${t.baseUrl}/health/ready`);
        return answer.status === 503 ? answer : undefined;
      });
      expectApiError(response, 503, 'SERVICE_UNAVAILABLE', {
        parameters: expect.arrayContaining(['database']),
      });
    } finally {
      await t.close();
    }
  });
});
