import { Client } from 'pg';
import { SystemClock } from '../../../src/platform/clock/clock';
import { eventually } from '../../support/eventually';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { deployment, monitoringReport, report, type Deployment } from '../automation/automation-fixture';
import { connectionsAbove, createConfig, measuredHost, webhook } from '../alerting/engine-fixture';
import { deliveriesEnv } from './deliveries-fixture';

// An hour: were the worker left to its poll, nothing would arrive while these tests wait.
const POLL_MS = 3_600_000;
const WAIT_MS = 10_000;

// A committed delivery wakes the delivery worker through Postgres LISTEN/NOTIFY: a report crossing a
// threshold reaches the webhook without waiting for the poll, also after the listening connection was
// killed and replaced.
describe('POST /agents/v1/groups/{groupId}/reports (delivery worker woken on commit)', () => {
  const clock = new SystemClock();
  let t: TestApp;
  let receiver: HttpReceiver;
  let admin: Client;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp(
      {
        ...deliveriesEnv(receiver),
        DELIVERY_POLL_MS: String(POLL_MS),
        ALERT_ENGINE_SWEEP_MS: '0',
      },
      clock,
    );
    admin = new Client({ connectionString: t.databaseUrl });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.end();
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const listeners = async (): Promise<number[]> =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE application_name = 'dms-delivery-wakeup' AND datname = current_database()`,
      )
    ).rows.map((row) => row.pid);

  const crossing = async (d: Deployment, hostname: string): Promise<void> => {
    await report(t, d, monitoringReport([measuredHost(clock, hostname, { CONNECTIONS: 500 })]));
  };

  const config = (d: Deployment, path: string) =>
    createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, path)],
    });

  it('should deliver the notification of a report crossing a threshold without waiting for the poll', async () => {
    const d = await deployment(t);
    await config(d, '/woken');
    await crossing(d, 'db0.example.com');
    const [hook] = await receiver.waitFor(1, WAIT_MS);
    expect(hook.path).toBe('/woken');
    expect(hook.headers['x-mms-event']).toBe('alert.open');
    expect(hook.json()).toMatchObject({ hostnameAndPort: 'db0.example.com:27017', status: 'OPEN' });
  });

  it('should listen again after its connection is killed, and deliver what is committed then', async () => {
    const d = await deployment(t);
    await config(d, '/after-kill');
    const [before] = await listeners();
    expect(before).toEqual(expect.any(Number));
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    await eventually(
      'a new listening connection',
      async () => {
        const now = await listeners();
        return now.length === 1 && now[0] !== before ? now : undefined;
      },
      WAIT_MS,
    );

    await crossing(d, 'db1.example.com');
    const [hook] = await receiver.waitFor(1, WAIT_MS);
    expect(hook.path).toBe('/after-kill');
    expect(hook.json()).toMatchObject({ hostnameAndPort: 'db1.example.com:27017' });
  });
});
