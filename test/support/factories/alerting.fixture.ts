import { newObjectId } from '../../../src/platform/ids/object-id';
import { AlertsService, type AlertResponse, type NewAlert } from '../../../src/modules/alerting';
import { call, type ApiResponse, type Credentials } from '../digest-client';
import { ManualClock } from '../../../src/platform/clock/clock';
import { startTestApp, type TestApp } from '../test-app';
import {
  assignKeyToProject,
  createOrg,
  createOrgApiKey,
  createProject,
  bootstrapFirstUser,
  type ApiKeyCredentials,
  type BootstrapResult,
} from './identity.fixture';
import { isoSeconds } from '../time';

// Tests put alerts in the state they need through the AlertsService the alert engine calls, taken
// from the running app, never by SQL into the table.

export function alertsOf(t: TestApp): AlertsService {
  return t.app.get(AlertsService);
}

export function newAlertConfigId(): string {
  return newObjectId();
}

// A host metric alert, as the engine would raise for OUTSIDE_METRIC_THRESHOLD.
export function metricAlert(groupId: string, overrides: Partial<NewAlert> = {}): NewAlert {
  return {
    groupId,
    alertConfigId: newAlertConfigId(),
    eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
    metricName: 'ASSERT_REGULAR',
    currentValue: { number: 0.5, units: 'RAW' },
    hostId: newObjectId(),
    hostnameAndPort: 'db0.example.com:27017',
    replicaSetName: 'rs1',
    humanReadable: 'Asserts: Regular is 0.5 on db0.example.com:27017.',
    ...overrides,
  };
}

// A project-wide alert without type-dependent fields.
export function projectAlert(groupId: string, overrides: Partial<NewAlert> = {}): NewAlert {
  return {
    groupId,
    alertConfigId: newAlertConfigId(),
    eventTypeName: 'USERS_WITHOUT_MULTI_FACTOR_AUTH',
    ...overrides,
  };
}

export function openAlert(t: TestApp, alert: NewAlert): Promise<AlertResponse> {
  return alertsOf(t).open(alert);
}

export function trackAlert(t: TestApp, alert: NewAlert): Promise<AlertResponse> {
  return alertsOf(t).track(alert);
}

export async function closedAlert(t: TestApp, alert: NewAlert): Promise<AlertResponse> {
  const opened = await alertsOf(t).open(alert);
  return alertsOf(t).close(opened.id);
}

export async function cancelledAlert(t: TestApp, alert: NewAlert): Promise<AlertResponse> {
  const tracked = await alertsOf(t).track(alert);
  return alertsOf(t).cancel(tracked.id);
}

export interface MaintenanceWindowView {
  id: string;
  groupId: string;
  created: string;
  updated: string;
  startDate: string;
  // Omitted for a window that recurs for good.
  endDate?: string;
  alertTypeNames: string[];
  description?: string;
  matchers: Array<{ fieldName: string; operator: string; value: string }>;
  recurrence?: { daysOfWeek: string[]; startTime: string; endTime: string; timeZone: string };
  alertConfigIds?: string[];
  links: Array<{ href: string; rel: string }>;
}

// A window over [now + startInMs, now + endInMs) relative to `now` (the app's clock in tests that move it).
export function windowBody(
  now: Date,
  overrides: {
    startInMs?: number;
    endInMs?: number;
    alertTypeNames?: string[];
    description?: string;
    matchers?: Array<{ fieldName: string; operator: string; value: string }>;
  } = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    alertTypeNames: overrides.alertTypeNames ?? ['HOST', 'REPLICA_SET'],
    startDate: isoSeconds(new Date(now.getTime() + (overrides.startInMs ?? 60 * 60_000))),
    endDate: isoSeconds(new Date(now.getTime() + (overrides.endInMs ?? 3 * 60 * 60_000))),
  };
  if (overrides.description !== undefined) body.description = overrides.description;
  if (overrides.matchers !== undefined) body.matchers = overrides.matchers;
  return body;
}

export async function createMaintenanceWindow(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  body: Record<string, unknown>,
): Promise<MaintenanceWindowView> {
  const response: ApiResponse<MaintenanceWindowView> = await call('POST', maintenanceWindowsUrl(t, groupId), {
    auth,
    body,
  });
  if (response.status !== 200) {
    throw new Error(
      `POST /groups/{groupId}/maintenanceWindows: expected 200, got ${response.status}: ${response.text}`,
    );
  }
  return response.body;
}

export interface ProjectCallers {
  orgId: string;
  groupId: string;
  // GLOBAL_OWNER (the bootstrap key).
  globalOwner: Credentials;
  // ORG_OWNER of the project's organization.
  orgOwner: ApiKeyCredentials;
  // ORG_MEMBER keys holding one project role each.
  readOnly: ApiKeyCredentials;
  monitoringAdmin: ApiKeyCredentials;
  groupOwner: ApiKeyCredentials;
  automationAdmin: ApiKeyCredentials;
  // ORG_MEMBER of the organization without any role on the project.
  outsider: ApiKeyCredentials;
}

// One project and a caller for each role the alerting routes distinguish.
export async function projectWithCallers(t: TestApp, boot: BootstrapResult): Promise<ProjectCallers> {
  const org = await createOrg(t, boot.globalKey);
  const project = await createProject(t, boot.globalKey, org.id);
  const memberWith = async (roles: string[]): Promise<ApiKeyCredentials> => {
    const key = await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_MEMBER']);
    if (roles.length > 0) await assignKeyToProject(t, boot.globalKey, project.id, key.id, roles);
    return key;
  };
  return {
    orgId: org.id,
    groupId: project.id,
    globalOwner: boot.globalKey,
    orgOwner: await createOrgApiKey(t, boot.globalKey, org.id, ['ORG_OWNER']),
    readOnly: await memberWith(['GROUP_READ_ONLY']),
    monitoringAdmin: await memberWith(['GROUP_MONITORING_ADMIN']),
    groupOwner: await memberWith(['GROUP_OWNER']),
    automationAdmin: await memberWith(['GROUP_AUTOMATION_ADMIN']),
    outsider: await memberWith([]),
  };
}

export interface EventView {
  id: string;
  eventTypeName: string;
  created: string;
  groupId?: string;
  orgId?: string;
  alertId?: string;
  alertConfigId?: string;
  maintenanceWindowId?: string;
  apiKeyId?: string;
  publicKey?: string;
  userId?: string;
  username?: string;
  diffs?: Array<{ params?: Array<{ param?: string; old?: unknown; new?: unknown }> }>;
  raw?: Record<string, unknown>;
  [field: string]: unknown;
}

// The project's events of one type, newest first, through the events API.
export async function projectEvents(
  t: TestApp,
  auth: Credentials,
  groupId: string,
  eventType: string,
): Promise<EventView[]> {
  const response = await call<{ results: EventView[] }>(
    'GET',
    `${t.apiUrl}/groups/${groupId}/events?eventType=${eventType}&includeRaw=true&itemsPerPage=500`,
    { auth },
  );
  if (response.status !== 200)
    throw new Error(`GET /groups/{groupId}/events: ${response.status}: ${response.text}`);
  return response.body.results;
}

// The start of the maintenance window tests: the app on a manual clock (at 2024-01-15T10:00:00Z unless
// given) and one project with a caller per role.
export function maintenanceClock(at = new Date('2024-01-15T10:00:00Z')): ManualClock {
  return new ManualClock(at);
}

export async function startMaintenanceWindowsApp(
  clock: ManualClock,
): Promise<{ t: TestApp; p: ProjectCallers }> {
  const t = await startTestApp({}, clock);
  return { t, p: await projectWithCallers(t, await bootstrapFirstUser(t)) };
}

export function maintenanceWindowsUrl(t: TestApp, groupId: string, windowId?: string): string {
  const list = `${t.apiUrl}/groups/${groupId}/maintenanceWindows`;
  return windowId === undefined ? list : `${list}/${windowId}`;
}
