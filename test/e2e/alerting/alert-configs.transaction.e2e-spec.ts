import {
  expectUnexpectedError,
  installEventWriteFailure,
  whileEventWriteFails,
} from '../../support/event-write-failure';
import { Client } from 'pg';
import { call, type ApiResponse } from '../../support/digest-client';
import { projectWithCallers, type ProjectCallers } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  uniqueName,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { configsApi, hostDownBody, startConfigsApp, type ConfigView } from './alert-configs.fixture';

// "No change without its audit event, no event without its change": a failure injected into the event
// write (or into the default configurations of a new project) must leave nothing behind.
let t: TestApp;
let db: Client;
let boot: BootstrapResult;
let p: ProjectCallers;
let api: ReturnType<typeof configsApi>;

beforeAll(async () => {
  t = await startConfigsApp();
  boot = await bootstrapFirstUser(t);
  p = await projectWithCallers(t, boot);
  api = configsApi(t, p.groupId);
  db = new Client({ connectionString: t.databaseUrl });
  await db.connect();
  await installEventWriteFailure(db);
});

afterAll(async () => {
  await db.end();
  await t.close();
});

async function withFailingEventType(
  eventTypeName: string,
  work: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  return whileEventWriteFails(db, eventTypeName, work);
}

const count = async (sql: string, params: unknown[]) =>
  (await db.query<{ n: number }>(sql, params)).rows[0].n;
const configCount = () =>
  count('SELECT count(*)::int AS n FROM alert_configs WHERE group_id = $1', [p.groupId]);
const eventCount = (type: string) =>
  count('SELECT count(*)::int AS n FROM events WHERE group_id = $1 AND event_type_name = $2', [
    p.groupId,
    type,
  ]);

async function created(): Promise<ConfigView> {
  return (await api.create(p.monitoringAdmin, hostDownBody())).body as ConfigView;
}

describe('POST /groups/{groupId}/alertConfigs (transaction)', () => {
  it('should answer 500 and keep no configuration when ALERT_CONFIG_ADDED_AUDIT cannot be written', async () => {
    const before = await configCount();
    const response = await withFailingEventType('ALERT_CONFIG_ADDED_AUDIT', () =>
      api.create(p.monitoringAdmin, hostDownBody()),
    );
    expectUnexpectedError(response);
    expect(await configCount()).toBe(before);
  });
});

describe('PUT /groups/{groupId}/alertConfigs/{alertConfigId} (transaction)', () => {
  it('should keep the configuration unchanged when ALERT_CONFIG_CHANGED_AUDIT cannot be written', async () => {
    const config = await created();
    const response = await withFailingEventType('ALERT_CONFIG_CHANGED_AUDIT', () =>
      api.replace(p.monitoringAdmin, config.id, hostDownBody({ eventTypeName: 'NO_PRIMARY' })),
    );
    expectUnexpectedError(response);
    expect((await api.get(p.readOnly, config.id)).body).toEqual(config);
    expect(await eventCount('ALERT_CONFIG_CHANGED_AUDIT')).toBe(0);
  });
});

describe('PATCH /groups/{groupId}/alertConfigs/{alertConfigId} (transaction)', () => {
  it('should keep the configuration enabled when ALERT_CONFIG_DISABLED_AUDIT cannot be written', async () => {
    const config = await created();
    const response = await withFailingEventType('ALERT_CONFIG_DISABLED_AUDIT', () =>
      api.toggle(p.monitoringAdmin, config.id, { enabled: false }),
    );
    expectUnexpectedError(response);
    expect((await api.get(p.readOnly, config.id)).body).toEqual(config);
    expect(await eventCount('ALERT_CONFIG_DISABLED_AUDIT')).toBe(0);
  });
});

describe('DELETE /groups/{groupId}/alertConfigs/{alertConfigId} (transaction)', () => {
  it('should keep the configuration when ALERT_CONFIG_DELETED_AUDIT cannot be written', async () => {
    const config = await created();
    const response = await withFailingEventType('ALERT_CONFIG_DELETED_AUDIT', () =>
      api.remove(p.monitoringAdmin, config.id),
    );
    expectUnexpectedError(response);
    expect((await api.get(p.readOnly, config.id)).body).toEqual(config);
    expect(await eventCount('ALERT_CONFIG_DELETED_AUDIT')).toBe(0);
  });
});

describe('POST /groups (default alert configurations, transaction)', () => {
  it('should create neither the project nor any configuration when a default configuration cannot be audited', async () => {
    const name = uniqueName('no-defaults');
    const response = await withFailingEventType('ALERT_CONFIG_ADDED_AUDIT', () =>
      call('POST', `${t.apiUrl}/groups`, { auth: boot.globalKey, body: { name, orgId: p.orgId } }),
    );
    expectUnexpectedError(response);
    expect(await count('SELECT count(*)::int AS n FROM projects WHERE name = $1', [name])).toBe(0);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM alert_configs c WHERE NOT EXISTS (SELECT 1 FROM projects g WHERE g.id = c.group_id)`,
        [],
      ),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM events WHERE raw->>'name' = $1`, [name])).toBe(0);
  });
});
