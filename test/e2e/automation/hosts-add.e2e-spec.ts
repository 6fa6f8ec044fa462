import { ManualClock } from '../../../src/platform/clock/clock';
import { call } from '../../support/digest-client';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import { deployment, getJson, livenessOf, startAutomationApp, type Deployment } from './automation.fixture';
import { isoSeconds } from '../../support/time';
import { expectApiError } from '../../support/api-error';

describe('POST /groups/{groupId}/hosts', () => {
  const clock = new ManualClock(new Date('2024-01-15T10:00:00Z'));
  let t: TestApp;
  let d: Deployment;

  beforeAll(async () => {
    t = await startAutomationApp(clock, { AGENT_DOWN_AFTER_SECONDS: '60' });
    d = await deployment(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const add = (body: unknown, auth = d.monitoringAdmin) =>
    call('POST', `${t.apiUrl}/groups/${d.groupId}/hosts`, { auth, body });

  it('should start monitoring a host with 201, its settings, no password, and ADD_HOST_AUDIT', async () => {
    const response = await add({
      hostname: 'added.example.com',
      port: 27017,
      username: 'mms-monitoring',
      password: 'never-stored',
      authMechanismName: 'SCRAM-SHA-256',
      sslEnabled: true,
      alertsEnabled: false,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      groupId: d.groupId,
      hostname: 'added.example.com',
      port: 27017,
      typeName: 'NO_DATA',
      created: isoSeconds(clock.now()),
      alertsEnabled: false,
      hostEnabled: true,
      hidden: false,
      deactivated: false,
      logsEnabled: false,
      profilerEnabled: false,
      sslEnabled: true,
      username: 'mms-monitoring',
      authMechanismName: 'SCRAM-SHA-256',
      aliases: [],
      links: [{ rel: 'self', href: `${t.apiUrl}/groups/${d.groupId}/hosts/${response.body.id}` }],
    });
    expect(response.text).not.toContain('never-stored');
    const [event] = await projectEvents(t, d.readOnly, d.groupId, 'ADD_HOST_AUDIT');
    expect(event).toMatchObject({
      hostId: response.body.id,
      hostname: 'added.example.com',
      port: 27017,
      publicKey: d.monitoringAdmin.publicKey,
    });
  });

  it('should refuse a host that is already monitored with 409 HOST_ALREADY_EXISTS', async () => {
    const response = await add({ hostname: 'added.example.com', port: 27017 });
    expectApiError(response, 409, 'HOST_ALREADY_EXISTS', ['added.example.com:27017', d.groupId]);
  });

  it('should mark an added host down when no agent reports it', async () => {
    const host = (await add({ hostname: 'unreported.example.com', port: 27017 })).body;
    clock.advance(61_000);
    await livenessOf(t).sweep();
    const down = (await projectEvents(t, d.readOnly, d.groupId, 'HOST_DOWN')).filter(
      (e) => e.hostId === host.id,
    );
    expect(down).toMatchObject([{ raw: { cause: 'SILENCE', typeName: 'NO_DATA' } }]);
  });

  it.each([
    [{ port: 27017 }, 'MISSING_ATTRIBUTE', ['hostname']],
    [{ hostname: 'x', port: 0 }, 'VALIDATION_ERROR', ['port']],
    [{ hostname: 'x', port: 27017, typeName: 'STANDALONE' }, 'INVALID_ATTRIBUTE', ['typeName']],
    [
      { hostname: 'x', port: 27017, authMechanismName: 'KERBEROS5' },
      'INVALID_ENUM_VALUE',
      ['KERBEROS5', 'authMechanismName'],
    ],
  ])('should refuse %p with 400 %s', async (body, errorCode, parameters) => {
    const response = await add(body);
    expectApiError(response, 400, errorCode);
    expect(response.body.parameters.slice(0, parameters.length)).toEqual(parameters);
  });

  it('should refuse a project read-only key with USER_UNAUTHORIZED and let the project owner add', async () => {
    const refused = await add({ hostname: 'ro.example.com', port: 27017 }, d.readOnly);
    expectApiError(refused, 401, 'USER_UNAUTHORIZED');
    expect(
      (await getJson(t, d.readOnly, `/groups/${d.groupId}/hosts/byName/ro.example.com:27017`)).status,
    ).toBe(404);
    expect((await add({ hostname: 'owner.example.com', port: 27017 }, d.groupOwner)).status).toBe(201);
  });
});
