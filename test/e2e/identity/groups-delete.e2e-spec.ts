import { randomBytes } from 'node:crypto';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Client } from 'pg';
import { ManualClock } from '../../../src/platform/clock/clock';
import { NotificationPolicy } from '../../../src/modules/deliveries';
import { call, type Credentials } from '../../support/digest-client';
import { createMaintenanceWindow, windowBody } from '../../support/factories/alerting.fixture';
import { createUser, uniqueName } from '../../support/factories/identity.fixture';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';
import { fetchOpenApi, operationsOf } from '../../reliability/support/openapi-operations';
import {
  connectionsAbove,
  createConfig,
  measuredHost,
  startEngineApp,
  webhook,
} from '../alerting/engine.fixture';
import {
  deployment,
  monitoringReport,
  postReport,
  report,
  type Deployment,
} from '../automation/automation.fixture';
import { countRows } from './audit-events';
import { expectApiError } from '../../support/api-error';

// Every table that holds something of a project, outside the event store. Counted straight from the
// database where the public API can no longer reach the project.
const PROJECT_TABLES = [
  'alert_configs',
  'alerts',
  'maintenance_windows',
  'integrations',
  'hosts',
  'host_disks',
  'agents',
  'agent_api_keys',
  'latest_measurements',
  'automation_configs',
  'automation_processes',
  'deliveries',
  'notification_schedules',
  'user_roles',
  'api_key_roles',
  'team_project_roles',
] as const;

async function rowsOf(t: TestApp, groupId: string, hostIds: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of PROJECT_TABLES) {
    counts[table] = await countRows(t, `SELECT 1 FROM ${table} WHERE group_id = $1`, [groupId]);
  }
  counts.measurements = await countRows(t, `SELECT 1 FROM measurements WHERE host_id = ANY($1::char(24)[])`, [
    hostIds,
  ]);
  counts.delivery_attempts = await countRows(
    t,
    `SELECT 1 FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.group_id = $1`,
    [groupId],
  );
  return counts;
}

// Teams have no routes yet: a team with a role in the project is written as the identity context stores it.
async function teamWithProjectRole(
  t: TestApp,
  orgId: string,
  groupId: string,
  userId: string,
): Promise<string> {
  const teamId = randomBytes(12).toString('hex');
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO teams (id, org_id, name) VALUES ($1, $2, $3)`, [
      teamId,
      orgId,
      uniqueName('team'),
    ]);
    await client.query(`INSERT INTO team_users (team_id, user_id) VALUES ($1, $2)`, [teamId, userId]);
    await client.query(
      `INSERT INTO team_project_roles (team_id, group_id, role_name) VALUES ($1, $2, 'GROUP_READ_ONLY')`,
      [teamId, groupId],
    );
  } finally {
    await client.end();
  }
  return teamId;
}

interface Populated {
  d: Deployment;
  hostIds: string[];
  userId: string;
  userCredentials: Credentials;
  alertConfigId: string;
}

describe('DELETE /groups/{groupId}', () => {
  const clock = new ManualClock(new Date('2024-06-01T10:00:00Z'));
  let t: TestApp;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startEngineApp(clock, receiver);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  // A project with something in every context: alert configuration and an open alert raised by an agent
  // report, a pending delivery of it, a maintenance window, an integration, a host with measurements, an
  // agent key, an automation configuration, API keys assigned to it, a user's and a team's roles.
  async function populated(): Promise<Populated> {
    const d = await deployment(t);
    const alertConfigId = await createConfig(t, d.monitoringAdmin, d.groupId, {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      metricThreshold: connectionsAbove(100),
      notifications: [webhook(receiver, '/deleted-project')],
    });
    await report(
      t,
      d,
      monitoringReport([
        measuredHost(clock, 'db0.example.com', { CONNECTIONS: 500 }, { disks: [{ partitionName: 'xvdf' }] }),
      ]),
    );
    await report(t, d, {
      agentType: 'AUTOMATION',
      hostname: 'agent0.example.com',
      version: '107.0.0.8465-1',
      processes: [{ name: 'db0', hostname: 'db0.example.com', lastGoalVersionAchieved: 1 }],
    });
    await t.app.get(NotificationPolicy).runSweep();
    await createMaintenanceWindow(t, d.groupOwner, d.groupId, windowBody(clock.now()));
    const integration = await call('POST', `${t.apiUrl}/groups/${d.groupId}/integrations/PAGER_DUTY`, {
      auth: d.groupOwner,
      body: { type: 'PAGER_DUTY', serviceKey: 'pd-service-key-0000-9876' },
    });
    expect(integration.status).toBeLessThan(300);
    const automation = await call('PUT', `${t.apiUrl}/groups/${d.groupId}/automationConfig`, {
      auth: d.automationAdmin,
      body: { processes: [], replicaSets: [], sharding: [], mongoDbVersions: [{ name: '7.0.2' }] },
    });
    expect(automation.status).toBe(200);
    const { user, credentials } = await createUser(t, d.globalOwner, [
      { groupId: d.groupId, roleName: 'GROUP_READ_ONLY' },
    ]);
    await teamWithProjectRole(t, d.orgId, d.groupId, user.id);
    const hosts = await call('GET', `${t.apiUrl}/groups/${d.groupId}/hosts`, { auth: d.readOnly });
    const hostIds = (hosts.body.results as Array<{ id: string }>).map((host) => host.id);
    return { d, hostIds, userId: user.id, userCredentials: credentials, alertConfigId };
  }

  it('should remove everything the project holds in every context, keep its events for the organization, and forget the id', async () => {
    const p = await populated();
    const { d } = p;
    const before = await rowsOf(t, d.groupId, p.hostIds);
    // Every kind of row is there to be removed (measurements and the pending delivery included).
    for (const [table, count] of Object.entries(before)) {
      if (table === 'delivery_attempts') continue;
      expect({ table, present: count > 0 }).toEqual({ table, present: true });
    }
    const alerts = await call('GET', `${t.apiUrl}/groups/${d.groupId}/alerts?status=OPEN`, {
      auth: d.readOnly,
    });
    expect(alerts.body.totalCount).toBe(1);
    const pending = await call('GET', `${t.apiUrl}/groups/${d.groupId}/deliveries`, { auth: d.groupOwner });
    expect(pending.body.results.map((delivery: { status: string }) => delivery.status)).toContain('PENDING');

    const deleted = await call('DELETE', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.orgOwner });

    expect(deleted.status).toBe(200);
    expect(deleted.text).toBe('');
    expect(await rowsOf(t, d.groupId, p.hostIds)).toEqual(
      Object.fromEntries(Object.keys(before).map((table) => [table, 0])),
    );
    expectApiError(
      await call('GET', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.globalOwner }),
      404,
      'GROUP_NOT_FOUND',
    );
    for (const auth of [d.orgOwner, d.groupOwner, p.userCredentials]) {
      expectApiError(await call('GET', `${t.apiUrl}/groups/${d.groupId}`, { auth }), 401, 'NOT_IN_GROUP');
    }
    const listed = await call('GET', `${t.apiUrl}/orgs/${d.orgId}/groups`, { auth: d.orgOwner });
    expect(listed.body.results.map((project: { id: string }) => project.id)).not.toContain(d.groupId);

    // The agents' key is refused from now on.
    const agentReport = await postReport(
      t,
      d.groupId,
      d.agentKey.key,
      monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 1 })]),
    );
    expect(agentReport.status).toBe(401);

    // Users and API keys keep nothing in the project.
    const user = await call('GET', `${t.apiUrl}/users/${p.userId}`, { auth: d.globalOwner });
    expect(user.body.roles.filter((role: { groupId?: string }) => role.groupId === d.groupId)).toEqual([]);
    const key = await call('GET', `${t.apiUrl}/orgs/${d.orgId}/apiKeys/${d.groupOwner.id}`, {
      auth: d.orgOwner,
    });
    expect(key.status).toBe(200);
    expect(key.body.roles.filter((role: { groupId?: string }) => role.groupId === d.groupId)).toEqual([]);
    expect((await call('GET', `${t.apiUrl}/orgs/${d.orgId}`, { auth: d.groupOwner })).status).toBe(200);

    // The project's events stay, readable by the organization's owners, with GROUP_DELETED.
    const events = await call('GET', `${t.apiUrl}/orgs/${d.orgId}/events?itemsPerPage=500`, {
      auth: d.orgOwner,
    });
    expect(events.status).toBe(200);
    const ofProject = (events.body.results as Array<{ groupId?: string; eventTypeName: string }>)
      .filter((event) => event.groupId === d.groupId)
      .map((event) => event.eventTypeName);
    expect(ofProject).toEqual(
      expect.arrayContaining([
        'GROUP_DELETED',
        'GROUP_CREATED',
        'ALERT_CONFIG_ADDED_AUDIT',
        'MAINTENANCE_WINDOW_ADDED',
      ]),
    );
    const [groupDeleted] = (
      await call('GET', `${t.apiUrl}/orgs/${d.orgId}/events?eventType=GROUP_DELETED&includeRaw=true`, {
        auth: d.orgOwner,
      })
    ).body.results.filter((event: { groupId?: string }) => event.groupId === d.groupId);
    expect(groupDeleted).toMatchObject({
      orgId: d.orgId,
      groupId: d.groupId,
      publicKey: d.orgOwner.publicKey,
    });
  });

  it('should answer 404 GROUP_NOT_FOUND on every project route for a global owner once the project is deleted', async () => {
    const d = await deployment(t);
    expect((await call('DELETE', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.groupOwner })).status).toBe(
      200,
    );
    const operations = operationsOf(await fetchOpenApi(t.baseUrl)).filter((operation) =>
      operation.path.startsWith('/api/public/v1.0/groups/{groupId}'),
    );
    const unknownId = randomBytes(12).toString('hex');
    const failures: string[] = [];

    for (const operation of operations) {
      const url = `${t.baseUrl}${operation.path}`.replace(/\{(\w+)\}/g, (_m, name: string) =>
        name === 'groupId' ? d.groupId : unknownId,
      );
      const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const response = await call(operation.method, url, {
        auth: d.globalOwner,
        ...(withBody ? { body: {} } : {}),
      });
      if (response.status !== 404 || response.body?.errorCode !== 'GROUP_NOT_FOUND')
        failures.push(
          `${operation.method} ${operation.path}: ${response.status} ${response.text.slice(0, 120)}`,
        );
    }

    expect(operations.length).toBeGreaterThan(30);
    expect(failures).toEqual([]);
  });

  it('should let a project owner delete, and refuse read-only and monitoring members and other organizations', async () => {
    const d = await deployment(t);
    const other = await deployment(t);
    const url = `${t.apiUrl}/groups/${d.groupId}`;

    expectApiError(await call('DELETE', url, { auth: d.readOnly }), 401, 'USER_UNAUTHORIZED');
    expectApiError(await call('DELETE', url, { auth: d.monitoringAdmin }), 401, 'USER_UNAUTHORIZED');
    expectApiError(await call('DELETE', url, { auth: d.outsider }), 401, 'NOT_IN_GROUP');
    expectApiError(await call('DELETE', url, { auth: other.orgOwner }), 401, 'NOT_IN_GROUP');
    expect((await call('GET', url, { auth: d.readOnly })).status).toBe(200);

    expect((await call('DELETE', url, { auth: d.groupOwner })).status).toBe(200);
    expectApiError(await call('DELETE', url, { auth: d.globalOwner }), 404, 'GROUP_NOT_FOUND');
  });

  it('should free the name for a new project of the organization', async () => {
    const d = await deployment(t);
    const { name } = (await call('GET', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.orgOwner })).body;
    await call('DELETE', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.orgOwner });

    const again = await call('POST', `${t.apiUrl}/groups`, {
      auth: d.orgOwner,
      body: { name, orgId: d.orgId },
    });

    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(d.groupId);
  });

  it('should leave the project whole, its agents admitted and no GROUP_DELETED recorded when a listener fails', async () => {
    const p = await populated();
    const { d } = p;
    const before = await rowsOf(t, d.groupId, p.hostIds);
    const emitter = t.app.get(EventEmitter2);
    const fail = (): never => {
      throw new Error('injected listener failure');
    };
    emitter.on('domain.GROUP_DELETED', fail);
    let response;
    try {
      response = await call('DELETE', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.orgOwner });
    } finally {
      emitter.off('domain.GROUP_DELETED', fail);
    }

    expect(response.status).toBe(500);
    expect(await rowsOf(t, d.groupId, p.hostIds)).toEqual(before);
    expect((await call('GET', `${t.apiUrl}/groups/${d.groupId}`, { auth: d.groupOwner })).status).toBe(200);
    expect((await call('GET', `${t.apiUrl}/groups/${d.groupId}`, { auth: p.userCredentials })).status).toBe(
      200,
    );
    const config = await call('GET', `${t.apiUrl}/groups/${d.groupId}/alertConfigs/${p.alertConfigId}`, {
      auth: d.readOnly,
    });
    expect(config.status).toBe(200);
    const agentReport = await postReport(
      t,
      d.groupId,
      d.agentKey.key,
      monitoringReport([measuredHost(clock, 'db0.example.com', { CONNECTIONS: 500 })]),
    );
    expect(agentReport.status).toBe(202);
    expect(
      await countRows(t, `SELECT 1 FROM events WHERE event_type_name = 'GROUP_DELETED' AND group_id = $1`, [
        d.groupId,
      ]),
    ).toBe(0);
  });
});
