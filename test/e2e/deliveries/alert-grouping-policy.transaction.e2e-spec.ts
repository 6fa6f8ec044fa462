import { Client } from 'pg';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import {
  expectUnexpectedError,
  installEventWriteFailure,
  whileEventWriteFails,
} from '../../support/event-write-failure';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { startDeliveriesApp } from './deliveries.fixture';

// No change of the grouping policy without its audit event: a failed event write leaves it as it was.
describe('PUT /groups/{groupId}/alertGroupingPolicy (transaction)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;
  let db: Client;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
    db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    await installEventWriteFailure(db);
  });

  afterAll(async () => {
    await db.end();
    await t.close();
    await receiver.close();
  });

  const url = () => `${t.apiUrl}/groups/${p.groupId}/alertGroupingPolicy`;
  const read = async () => (await call('GET', url(), { auth: p.readOnly })).body as Record<string, unknown>;

  it('should answer 500 and keep the policy as it was when ALERT_GROUPING_POLICY_CHANGED cannot be written', async () => {
    expect((await call('PUT', url(), { auth: p.monitoringAdmin, body: { groupBy: ['HOST'] } })).status).toBe(
      200,
    );
    const before = await read();
    const response = await whileEventWriteFails(db, 'ALERT_GROUPING_POLICY_CHANGED', () =>
      call('PUT', url(), {
        auth: p.monitoringAdmin,
        body: { groupBy: ['REPLICA_SET'], groupWaitSeconds: 5 },
      }),
    );
    expectUnexpectedError(response);
    expect(await read()).toEqual(before);
  });

  it('should answer 500 and keep the policy when ALERT_GROUPING_POLICY_DELETED cannot be written', async () => {
    const before = await read();
    const response = await whileEventWriteFails(db, 'ALERT_GROUPING_POLICY_DELETED', () =>
      call('DELETE', url(), { auth: p.monitoringAdmin }),
    );
    expectUnexpectedError(response);
    expect(await read()).toEqual(before);
  });
});
