import { ManualClock } from '../../../src/platform/clock/clock';
import { expectApiError } from '../../support/api-error';
import { call, type Credentials } from '../../support/digest-client';
import {
  projectEvents,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { startDeliveriesApp } from './deliveries.fixture';

describe('PUT /groups/{groupId}/alertGroupingPolicy', () => {
  const clock = new ManualClock(new Date('2024-03-01T10:00:00Z'));
  let t: TestApp;
  let p: ProjectCallers;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    p = await projectWithCallers(t, await bootstrapFirstUser(t));
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const url = () => `${t.apiUrl}/groups/${p.groupId}/alertGroupingPolicy`;
  const put = (body: unknown, auth: Credentials = p.monitoringAdmin) => call('PUT', url(), { auth, body });

  it('should answer no grouping and the default timings when no policy is saved', async () => {
    const response = await call('GET', url(), { auth: p.readOnly });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      groupId: p.groupId,
      groupBy: [],
      groupWaitSeconds: 30,
      groupIntervalSeconds: 300,
      links: [{ href: url(), rel: 'self' }],
    });
  });

  it('should save the policy with its defaults and record ALERT_GROUPING_POLICY_CHANGED', async () => {
    const response = await put({ groupBy: ['REPLICA_SET', 'EVENT_TYPE'] });
    expect(response.status).toBe(200);
    const saved = {
      groupId: p.groupId,
      groupBy: ['REPLICA_SET', 'EVENT_TYPE'],
      groupWaitSeconds: 30,
      groupIntervalSeconds: 300,
      created: '2024-03-01T10:00:00Z',
      updated: '2024-03-01T10:00:00Z',
      links: [{ href: url(), rel: 'self' }],
    };
    expect(response.body).toEqual(saved);
    expect((await call('GET', url(), { auth: p.readOnly })).body).toEqual(saved);
    const [event] = await projectEvents(t, p.readOnly, p.groupId, 'ALERT_GROUPING_POLICY_CHANGED');
    expect(event).toMatchObject({
      groupId: p.groupId,
      raw: { groupBy: ['REPLICA_SET', 'EVENT_TYPE'], groupWaitSeconds: 30, groupIntervalSeconds: 300 },
    });
  });

  it('should replace every field and keep created when the policy is saved again', async () => {
    clock.advance(60_000);
    const response = await put(
      { groupBy: ['HOST'], groupWaitSeconds: 1, groupIntervalSeconds: 10, repeatIntervalMinutes: 60 },
      p.groupOwner,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      groupBy: ['HOST'],
      groupWaitSeconds: 1,
      groupIntervalSeconds: 10,
      repeatIntervalMinutes: 60,
      created: '2024-03-01T10:00:00Z',
      updated: '2024-03-01T10:01:00Z',
    });
  });

  it.each([
    [{}, 'MISSING_ATTRIBUTE', ['groupBy']],
    [{ groupBy: 'HOST' }, 'INVALID_JSON_ATTRIBUTE', ['groupBy']],
    [{ groupBy: ['HOSTNAME'] }, 'INVALID_ENUM_VALUE', ['["HOSTNAME"]', 'groupBy']],
    [{ groupBy: ['HOST', 'HOST'] }, 'VALIDATION_ERROR', ['groupBy', 'each key may appear once']],
    [
      { groupBy: ['HOST', 'CLUSTER', 'REPLICA_SET', 'EVENT_TYPE', 'ALERT_CONFIG', 'HOST'] },
      'VALIDATION_ERROR',
      undefined,
    ],
    [{ groupBy: [], groupWaitSeconds: -1 }, 'VALIDATION_ERROR', undefined],
    [{ groupBy: [], groupWaitSeconds: 3601 }, 'VALIDATION_ERROR', undefined],
    [{ groupBy: [], groupIntervalSeconds: 0 }, 'VALIDATION_ERROR', undefined],
    [{ groupBy: [], groupIntervalSeconds: 1.5 }, 'INVALID_JSON_ATTRIBUTE', ['groupIntervalSeconds']],
    [{ groupBy: [], repeatIntervalMinutes: 4 }, 'VALIDATION_ERROR', undefined],
    [{ groupBy: [], color: 'red' }, 'INVALID_ATTRIBUTE', ['color']],
  ])(
    'should answer 400 naming the field and change nothing when the body is %j',
    async (body, code, params) => {
      const before = (await call('GET', url(), { auth: p.readOnly })).body as Record<string, unknown>;
      const response = await put(body);
      expectApiError(response, 400, code, params);
      const field = Object.keys(body).find((key) => key !== 'groupBy') ?? 'groupBy';
      expect(JSON.stringify(response.body.parameters)).toContain(field);
      expect((await call('GET', url(), { auth: p.readOnly })).body).toEqual(before);
    },
  );

  it('should refuse callers who may not edit alert configurations', async () => {
    for (const auth of [p.readOnly, p.automationAdmin]) {
      expectApiError(await put({ groupBy: ['HOST'] }, auth), 401, 'USER_UNAUTHORIZED');
      expectApiError(await call('DELETE', url(), { auth }), 401, 'USER_UNAUTHORIZED');
    }
    expectApiError(await put({ groupBy: ['HOST'] }, p.outsider), 401, 'NOT_IN_GROUP');
    expectApiError(await call('GET', url(), { auth: p.outsider }), 401, 'NOT_IN_GROUP');
    expect(await projectEvents(t, p.readOnly, p.groupId, 'ALERT_GROUPING_POLICY_DELETED')).toEqual([]);
  });

  it('should remove the policy with 204, record ALERT_GROUPING_POLICY_DELETED, and answer 204 again', async () => {
    const removed = await call('DELETE', url(), { auth: p.orgOwner });
    expect(removed.status).toBe(204);
    expect((await call('GET', url(), { auth: p.readOnly })).body).toMatchObject({ groupBy: [] });
    expect(await projectEvents(t, p.readOnly, p.groupId, 'ALERT_GROUPING_POLICY_DELETED')).toEqual([
      expect.objectContaining({ raw: expect.objectContaining({ groupBy: ['HOST'] }) }),
    ]);
    expect((await call('DELETE', url(), { auth: p.orgOwner })).status).toBe(204);
    expect(await projectEvents(t, p.readOnly, p.groupId, 'ALERT_GROUPING_POLICY_DELETED')).toHaveLength(1);
  });

  it('should answer 404 for an unknown project', async () => {
    const unknown = `${t.apiUrl}/groups/5e8cc670a16506712e0b1e00/alertGroupingPolicy`;
    expectApiError(await call('GET', unknown, { auth: p.globalOwner }), 404, 'GROUP_NOT_FOUND');
  });
});
