import { ManualClock } from '../../../src/platform/clock/clock';
import { call, type Credentials } from '../../support/digest-client';
import {
  alertsOf,
  cancelledAlert,
  closedAlert,
  metricAlert,
  openAlert,
  projectAlert,
  projectWithCallers,
  trackAlert,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, createProject } from '../../support/factories/identity.fixture';
import { startTestApp, type TestApp } from '../../support/test-app';
import { expectApiError } from '../../support/api-error';

const UNKNOWN_ID = '5e8cc670a16506712e0b1e9f';

describe('GET /groups/{groupId}/alerts', () => {
  const clock = new ManualClock();
  let t: TestApp;
  let p: ProjectCallers;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({}, clock);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
    // Created a second apart in this order, so newest first reads cancelled, closed, open, tracking.
    ids.tracking = (await trackAlert(t, projectAlert(p.groupId))).id;
    clock.advance(1000);
    ids.open = (await openAlert(t, metricAlert(p.groupId))).id;
    clock.advance(1000);
    ids.closed = (await closedAlert(t, metricAlert(p.groupId))).id;
    clock.advance(1000);
    ids.cancelled = (await cancelledAlert(t, projectAlert(p.groupId))).id;
  });

  afterAll(async () => {
    await t.close();
  });

  const list = (query = '', auth: Credentials = p.readOnly) =>
    call('GET', `${t.apiUrl}/groups/${p.groupId}/alerts${query}`, { auth });

  it('should list every alert newest first with a real totalCount when no status is given', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(4);
    expect(response.body.results.map((alert: { id: string }) => alert.id)).toEqual([
      ids.cancelled,
      ids.closed,
      ids.open,
      ids.tracking,
    ]);
    const self = new URL(response.body.links.find((link: { rel: string }) => link.rel === 'self').href);
    expect(self.pathname).toBe(`/api/public/v1.0/groups/${p.groupId}/alerts`);
    expect(self.searchParams.get('pageNum')).toBe('1');
  });

  it.each(['TRACKING', 'OPEN', 'CLOSED', 'CANCELLED'])(
    'should list only %s alerts when filtered by that status',
    async (status) => {
      const response = await list(`?status=${status}`);
      expect(response.status).toBe(200);
      expect(response.body.totalCount).toBe(1);
      expect(response.body.results).toHaveLength(1);
      expect(response.body.results[0]).toMatchObject({ id: ids[status.toLowerCase()], status });
      const self = new URL(response.body.links[0].href);
      expect(self.searchParams.get('status')).toBe(status);
    },
  );

  it.each(['RESOLVED', 'open', ''])('should refuse status=%s with INVALID_ALERT_STATUS', async (status) => {
    const response = await list(`?status=${status}`);
    expectApiError(response, 400, 'INVALID_ALERT_STATUS', {
      parameters: [status],
      detail: `Invalid alert status ${status}.`,
    });
  });

  it('should page with next and previous links when itemsPerPage is smaller than the total', async () => {
    const first = await list('?itemsPerPage=3');
    expect(first.body.results).toHaveLength(3);
    expect(first.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'next']);
    const second = await list('?itemsPerPage=3&pageNum=2');
    expect(second.body.results.map((alert: { id: string }) => alert.id)).toEqual([ids.tracking]);
    expect(second.body.totalCount).toBe(4);
    expect(second.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'previous']);
  });

  it('should show each alert as its own self-linked item when listed', async () => {
    const response = await list('?status=OPEN');
    const [alert] = response.body.results;
    expect(alert.links).toEqual([
      { href: `${t.apiUrl}/groups/${p.groupId}/alerts/${ids.open}`, rel: 'self' },
    ]);
  });

  it('should return an empty list when the project has no alerts', async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const response = await call('GET', `${t.apiUrl}/groups/${other.id}/alerts`, { auth: p.globalOwner });
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual([]);
    expect(response.body.totalCount).toBe(0);
  });

  it('should answer GROUP_NOT_FOUND when a global owner names a project that does not exist', async () => {
    const response = await call('GET', `${t.apiUrl}/groups/${UNKNOWN_ID}/alerts`, { auth: p.globalOwner });
    expectApiError(response, 404, 'GROUP_NOT_FOUND', [UNKNOWN_ID]);
  });

  it('should let every project role and the org owner read when they list', async () => {
    for (const auth of [
      p.readOnly,
      p.monitoringAdmin,
      p.groupOwner,
      p.automationAdmin,
      p.orgOwner,
      p.globalOwner,
    ]) {
      expect((await list('', auth)).status).toBe(200);
    }
  });

  it('should refuse a caller without a role in the project with NOT_IN_GROUP', async () => {
    const response = await list('', p.outsider);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});

describe('GET /groups/{groupId}/alerts/{alertId}', () => {
  let t: TestApp;
  let p: ProjectCallers;

  beforeAll(async () => {
    t = await startTestApp();
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
  });

  const get = (alertId: string, auth: Credentials = p.readOnly, groupId = p.groupId) =>
    call('GET', `${t.apiUrl}/groups/${groupId}/alerts/${alertId}`, { auth });

  it('should return the metric fields and omit the absent ones when the alert is an open metric alert', async () => {
    const input = metricAlert(p.groupId, { tags: ['prod'] });
    const opened = await openAlert(t, input);
    const response = await get(opened.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: opened.id,
      groupId: p.groupId,
      alertConfigId: input.alertConfigId,
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      status: 'OPEN',
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
      currentValue: { number: 0.5, units: 'RAW' },
      metricName: 'ASSERT_REGULAR',
      hostId: input.hostId,
      hostnameAndPort: 'db0.example.com:27017',
      replicaSetName: 'rs1',
      humanReadable: 'Asserts: Regular is 0.5 on db0.example.com:27017.',
      tags: ['prod'],
      links: [{ href: `${t.apiUrl}/groups/${p.groupId}/alerts/${opened.id}`, rel: 'self' }],
    });
  });

  it('should return the cluster and backup fields when the alert carries them', async () => {
    const opened = await openAlert(
      t,
      projectAlert(p.groupId, {
        eventTypeName: 'BAD_CLUSTERSHOTS',
        clusterId: '5e8cc670a16506712e0b1e9a',
        clusterName: 'Cluster0',
        sourceTypeName: 'SHARDED_CLUSTER',
      }),
    );
    const response = await get(opened.id);
    expect(response.body).toMatchObject({
      clusterId: '5e8cc670a16506712e0b1e9a',
      clusterName: 'Cluster0',
      sourceTypeName: 'SHARDED_CLUSTER',
      tags: [],
    });
    for (const absent of [
      'currentValue',
      'metricName',
      'hostId',
      'hostnameAndPort',
      'replicaSetName',
      'humanReadable',
      'resolved',
      'lastNotified',
      'acknowledgedUntil',
      'acknowledgementComment',
      'acknowledgingUsername',
      'typeName',
    ]) {
      expect(response.body).not.toHaveProperty(absent);
    }
  });

  it('should show resolved only when the alert is CLOSED', async () => {
    const closed = await closedAlert(t, metricAlert(p.groupId));
    const response = await get(closed.id);
    expect(response.body.status).toBe('CLOSED');
    expect(response.body.resolved).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const cancelled = await cancelledAlert(t, metricAlert(p.groupId));
    expect((await get(cancelled.id)).body).not.toHaveProperty('resolved');
  });

  it('should show lastNotified once the engine recorded a notification', async () => {
    const opened = await openAlert(t, metricAlert(p.groupId));
    expect((await get(opened.id)).body).not.toHaveProperty('lastNotified');
    await alertsOf(t).markNotified(opened.id);
    expect((await get(opened.id)).body.lastNotified).toMatch(/Z$/);
  });

  it('should answer INVALID_ALERT_ID when the id is malformed', async () => {
    const response = await get('not-an-alert-id');
    expectApiError(response, 404, 'INVALID_ALERT_ID', {
      parameters: ['not-an-alert-id'],
      detail: 'Invalid alert ID not-an-alert-id.',
    });
  });

  it('should answer ALERT_NOT_FOUND when no such alert exists in the project', async () => {
    const response = await get(UNKNOWN_ID);
    expectApiError(response, 404, 'ALERT_NOT_FOUND', {
      parameters: [UNKNOWN_ID, p.groupId],
      detail: `No alert with ID ${UNKNOWN_ID} exists in group ${p.groupId}.`,
    });
  });

  it('should answer ALERT_NOT_FOUND when the alert belongs to another project', async () => {
    const other = await createProject(t, p.globalOwner, p.orgId);
    const foreign = await openAlert(t, metricAlert(other.id));
    const response = await get(foreign.id);
    expectApiError(response, 404, 'ALERT_NOT_FOUND');
  });

  it('should refuse a caller without a role in the project with NOT_IN_GROUP', async () => {
    const opened = await openAlert(t, metricAlert(p.groupId));
    const response = await get(opened.id, p.outsider);
    expectApiError(response, 401, 'NOT_IN_GROUP');
  });
});
