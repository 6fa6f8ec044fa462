import { randomBytes } from 'node:crypto';
import type { NewAlert } from '../../../src/modules/alerting';
import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { alertsOf } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, type BootstrapResult } from '../../support/factories/identity.fixture';
import { HttpReceiver, type ReceivedRequest } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import { deliveriesEnv, deliveriesOf, flushAndDeliver } from './deliveries.fixture';
import { groupingProject, hostAlert } from './grouping.fixture';

const SECOND = 1000;
const POLICY = { groupBy: ['REPLICA_SET'], groupWaitSeconds: 1, groupIntervalSeconds: 10 };

interface TeamsCard {
  attachments: Array<{ content: { body: Array<{ type: string; text?: string }> } }>;
}

// The group message in each receiver's own form, at real local receivers: one chat card or text
// message listing the group's alerts (Microsoft Teams, SMS), one incident per group under the group's
// key, resolved once every alert of the group has ended (Opsgenie, VictorOps). And the delivery log's
// alertId filter finding a group message under every alert it carried.
describe('PUT /groups/{groupId}/alertGroupingPolicy (group messages to Teams, SMS, Opsgenie, VictorOps)', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let boot: BootstrapResult;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startTestApp(
      { ...deliveriesEnv(receiver), SMS_GATEWAY_URL: receiver.url('/sms'), SMS_GATEWAY_TOKEN: 'sms-token' },
      clock,
    );
    boot = await bootstrapFirstUser(t);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(() => receiver.reset());

  const posts = (prefix: string): ReceivedRequest[] =>
    receiver.requests.filter((request) => request.path.startsWith(prefix));
  const open = (alert: NewAlert) => alertsOf(t).open(alert);
  // Two alerts of one group (one per configuration, same replica set) and one of another group.
  const openTwoAndOne = async (groupId: string, configA: string, configB: string, rs: string) => {
    const grouped = [
      await open(hostAlert(groupId, configA, { replicaSetName: rs })),
      await open(hostAlert(groupId, configB, { replicaSetName: rs })),
    ];
    const apart = await open(hostAlert(groupId, configA, { replicaSetName: `${rs}-other` }));
    return { grouped, apart };
  };

  it('should post one Microsoft Teams card listing both alerts of a group', async () => {
    const path = `/teams/${randomBytes(4).toString('hex')}`;
    // A notification's own Teams URL must be https, which a local receiver does not serve; the project's
    // Teams integration takes http, and notifications without a URL of their own are sent with it.
    const { p, configA, configB } = await groupingProject(
      t,
      boot,
      POLICY,
      { typeName: 'MICROSOFT_TEAMS' },
      async (project) => {
        const integrated = await call(
          'PUT',
          `${t.apiUrl}/groups/${project.groupId}/integrations/MICROSOFT_TEAMS`,
          {
            auth: project.groupOwner,
            body: { type: 'MICROSOFT_TEAMS', microsoftTeamsWebhookUrl: receiver.url(path) },
          },
        );
        expect(integrated.status).toBe(200);
      },
    );
    const { grouped, apart } = await openTwoAndOne(p.groupId, configA, configB, 'rs-teams');
    await flushAndDeliver(t.app);
    expect(posts(path)).toHaveLength(0);

    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const headlines = posts(path).map((request) => {
      const [title, headline] = (request.json() as TeamsCard).attachments[0].content.body;
      expect(title.text).toBe('Alert opened');
      return headline.text ?? '';
    });
    expect(headlines).toHaveLength(2);
    const [pair] = headlines.filter((text) => text.includes('REPLICA_SET=rs-teams)'));
    expect(pair).toContain('2 open alerts (REPLICA_SET=rs-teams)');
    for (const alert of grouped) expect(pair).toContain(alert.hostnameAndPort);
    expect(pair).not.toContain(apart.hostnameAndPort);
    const [single] = headlines.filter((text) => text !== pair);
    expect(single).toContain('1 open alert (REPLICA_SET=rs-teams-other)');
  });

  it('should send one SMS listing both alerts of a group, and one when the group resolves', async () => {
    const mobileNumber = `+1555${randomBytes(3).readUIntBE(0, 3).toString().padStart(7, '0')}`;
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, { typeName: 'SMS', mobileNumber });
    const { grouped, apart } = await openTwoAndOne(p.groupId, configA, configB, 'rs-sms');
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const texts = () =>
      posts('/sms')
        .map((request) => request.json() as { to: string; message: string })
        .filter((sms) => sms.to === mobileNumber)
        .map((sms) => sms.message);
    expect(posts('/sms').every((request) => request.headers.authorization === 'Bearer sms-token')).toBe(true);
    expect(texts()).toHaveLength(2);
    const [pair] = texts().filter((text) => text.includes('REPLICA_SET=rs-sms)'));
    const others = texts().filter((text) => text !== pair);
    expect(pair).toContain('Alert opened: 2 open alerts (REPLICA_SET=rs-sms)');
    for (const alert of grouped) expect(pair).toContain(alert.hostnameAndPort);
    expect(others[0]).toContain(apart.hostnameAndPort);

    for (const alert of grouped) await alertsOf(t).close(alert.id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    const after = texts();
    expect(after).toHaveLength(3);
    expect(after[2]).toContain('Alert resolved: 0 open alerts (REPLICA_SET=rs-sms)');
  });

  it('should keep one Opsgenie alert per group under the group key, and close it only when every alert ended', async () => {
    const apiKey = `og-${randomBytes(6).toString('hex')}`;
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, {
      typeName: 'OPS_GENIE',
      opsGenieApiKey: apiKey,
    });
    const { grouped, apart } = await openTwoAndOne(p.groupId, configA, configB, 'rs-genie');
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const mine = () =>
      posts('/opsgenie').filter((request) => request.headers.authorization === `GenieKey ${apiKey}`);
    const creates = () =>
      mine()
        .filter((request) => request.path === '/opsgenie/v2/alerts')
        .map((request) => request.json() as { alias: string; message: string; description: string });
    const closes = () => mine().filter((request) => request.path.split('?')[0].endsWith('/close'));
    expect(creates()).toHaveLength(2);
    const [pair] = creates().filter((create) => create.message.includes('REPLICA_SET=rs-genie)'));
    expect(pair.message).toContain('2 open alerts (REPLICA_SET=rs-genie)');
    const alias = pair.alias;
    expect(grouped.map((alert) => alias === alert.id)).toEqual([false, false]);
    expect(creates().filter((create) => create.alias === alias)).toHaveLength(1);

    // One alert of the pair ends: an update under the same alias, no close.
    await alertsOf(t).close(grouped[0].id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    const updates = creates().filter((create) => create.alias === alias);
    expect(updates).toHaveLength(2);
    expect(updates[1].message).toContain('1 open alert (REPLICA_SET=rs-genie)');
    expect(closes()).toHaveLength(0);

    await alertsOf(t).close(grouped[1].id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(closes().map((request) => request.path)).toEqual([
      `/opsgenie/v2/alerts/${encodeURIComponent(alias)}/close?identifierType=alias`,
    ]);
    expect(creates().filter((create) => create.alias === alias)).toHaveLength(2);

    // The other group's alert is still open: its Opsgenie alert is never closed.
    const [other] = creates().filter((create) => create.alias !== alias);
    expect(other.message).toContain(apart.hostnameAndPort);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(closes()).toHaveLength(1);
  });

  it('should keep one VictorOps incident per group under the group key, and recover it only when every alert ended', async () => {
    const apiKey = `vo-${randomBytes(6).toString('hex')}`;
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, {
      typeName: 'VICTOR_OPS',
      victorOpsApiKey: apiKey,
      victorOpsRoutingKey: 'grouped-route',
    });
    const { grouped } = await openTwoAndOne(p.groupId, configA, configB, 'rs-victor');
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const events = () =>
      posts(`/victorops/${apiKey}/grouped-route`).map(
        (request) =>
          request.json() as { message_type: string; entity_id: string; entity_display_name: string },
      );
    expect(events()).toHaveLength(2);
    const [pair] = events().filter((event) => event.entity_display_name.includes('REPLICA_SET=rs-victor)'));
    expect(pair.message_type).toBe('CRITICAL');
    for (const alert of grouped) expect(pair.entity_display_name).toContain(alert.hostnameAndPort);
    const incident = () => events().filter((event) => event.entity_id === pair.entity_id);

    await alertsOf(t).close(grouped[1].id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(incident().map((event) => event.message_type)).toEqual(['CRITICAL', 'CRITICAL']);

    await alertsOf(t).close(grouped[0].id);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(incident().map((event) => event.message_type)).toEqual(['CRITICAL', 'CRITICAL', 'RECOVERY']);
    clock.advance(10 * SECOND);
    await flushAndDeliver(t.app);
    expect(incident()).toHaveLength(3);
  });

  it('should list a group message under each alert it carried when the log is filtered by alertId', async () => {
    const { p, configA, configB } = await groupingProject(t, boot, POLICY, {
      typeName: 'VICTOR_OPS',
      victorOpsApiKey: `vo-${randomBytes(6).toString('hex')}`,
    });
    const { grouped, apart } = await openTwoAndOne(p.groupId, configA, configB, 'rs-log');
    clock.advance(SECOND);
    await flushAndDeliver(t.app);
    const all = await deliveriesOf(t, p.readOnly, p.groupId);
    const [message] = all.filter((row) => (row.alertIds as string[] | undefined)?.length === 2);
    expect((message.alertIds as string[]).sort()).toEqual(grouped.map((alert) => alert.id).sort());

    for (const alert of grouped) {
      const rows = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${alert.id}`);
      expect(rows.map((row) => row.id)).toEqual([message.id]);
    }
    const others = await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${apart.id}`);
    expect(others).toHaveLength(1);
    expect(others[0].id).not.toBe(message.id);
    expect(others[0].alertIds).toEqual([apart.id]);
    // The other filters still apply to the group messages found by alert.
    expect(
      await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${grouped[1].id}&targetType=EMAIL`),
    ).toEqual([]);
    expect(
      (await deliveriesOf(t, p.readOnly, p.groupId, `&alertId=${grouped[1].id}&status=SUCCEEDED`)).map(
        (row) => row.id,
      ),
    ).toEqual([message.id]);
  });
});
