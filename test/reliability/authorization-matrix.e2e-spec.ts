// test-order: long (about 60 s)
import { randomBytes } from 'node:crypto';
import type { Credentials } from '../support/digest-client';
import { assignKeyToProject, createProject } from '../support/factories/identity.fixture';
import { BACKGROUND_JOBS_OFF, startTestApp, type TestApp } from '../support/test-app';
import { ORG_ROLE_NAMES, PROJECT_ROLE_NAMES } from '../../src/platform/auth/role-names';
import type { OrgRoleName, ProjectRoleName } from '../../src/platform/auth/role-names';
import { fetchOpenApi, operationsOf, type Operation } from './support/openapi-operations';
import { declaredAccessByOperationId, type DeclaredAccess } from './support/route-requirements';
import { seed, type Seeded } from './support/seed';
import { send, type RawResponse } from './support/send';

// Every operation of the OpenAPI document x every kind of caller, expectations derived from the
// route's declared access (the metadata the RoleGuard reads) and the one table below.

type CallerKind =
  | 'globalOwner'
  | 'orgOwner'
  | 'orgMember'
  | 'orgReadOnly'
  | 'projectOwner'
  | 'projectReadOnly'
  | 'monitoringAdmin'
  | 'otherOrgKey'
  | 'noCredentials'
  | 'outsideAccessList';

const ALL_PROJECT_ROLES: ProjectRoleName[] = [...PROJECT_ROLE_NAMES];
const ALL_ORG_ROLES: OrgRoleName[] = [...ORG_ROLE_NAMES];

// The roles each caller effectively holds on the seeded organization and project (the product's role hierarchy:
// ORG_OWNER owns every project of its organization, ORG_READ_ONLY reads them all, GROUP_OWNER
// includes every project role, any project role includes GROUP_READ_ONLY).
const HOLDS: Record<CallerKind, { global: boolean; org: OrgRoleName[]; project: ProjectRoleName[] }> = {
  globalOwner: { global: true, org: ALL_ORG_ROLES, project: ALL_PROJECT_ROLES },
  orgOwner: { global: false, org: ALL_ORG_ROLES, project: ALL_PROJECT_ROLES },
  orgMember: { global: false, org: ['ORG_MEMBER', 'ORG_READ_ONLY'], project: [] },
  // A read-only member is a member: routes requiring ORG_MEMBER are reads or are narrowed by the service.
  orgReadOnly: { global: false, org: ['ORG_READ_ONLY', 'ORG_MEMBER'], project: ['GROUP_READ_ONLY'] },
  projectOwner: { global: false, org: ['ORG_MEMBER', 'ORG_READ_ONLY'], project: ALL_PROJECT_ROLES },
  projectReadOnly: { global: false, org: ['ORG_MEMBER', 'ORG_READ_ONLY'], project: ['GROUP_READ_ONLY'] },
  monitoringAdmin: {
    global: false,
    org: ['ORG_MEMBER', 'ORG_READ_ONLY'],
    project: ['GROUP_READ_ONLY', 'GROUP_MONITORING_ADMIN'],
  },
  otherOrgKey: { global: false, org: [], project: [] },
  noCredentials: { global: false, org: [], project: [] },
  outsideAccessList: { global: false, org: ['ORG_MEMBER', 'ORG_READ_ONLY'], project: [] },
};

type Expectation =
  | { kind: 'allow' }
  | { kind: 'refuse'; status: 401 | 403; errorCode: string | undefined }
  // `RequireAuthenticated()`: the service decides; any refusal must still be a product 401/403.
  | { kind: 'service-decides' }
  // A public route: no caller-dependent decision at all.
  | { kind: 'same-for-everyone' };

// Routes whose service narrows the declared requirement further (documented in their operation):
// callers the guard admits but the narrowing may refuse get 'service-decides'; owners must pass.
const NARROWED_BY_SERVICE: Record<string, { passes: CallerKind[]; why: string }> = {
  ApiKeyAccessLists_add: { passes: ['globalOwner', 'orgOwner'], why: 'Organization Owner or the key itself' },
  ApiKeyAccessLists_remove: {
    passes: ['globalOwner', 'orgOwner'],
    why: 'Organization Owner or the key itself',
  },
};

function expectationFor(caller: CallerKind, access: DeclaredAccess, operationId: string): Expectation {
  const expected = declaredExpectation(caller, access);
  const narrowed = NARROWED_BY_SERVICE[operationId];
  if (narrowed && expected.kind === 'allow' && !narrowed.passes.includes(caller))
    return { kind: 'service-decides' };
  return expected;
}

function declaredExpectation(caller: CallerKind, access: DeclaredAccess): Expectation {
  if (access.scope === 'public') return { kind: 'same-for-everyone' };
  if (caller === 'noCredentials') return { kind: 'refuse', status: 401, errorCode: undefined };
  if (caller === 'outsideAccessList')
    return { kind: 'refuse', status: 403, errorCode: 'IP_ADDRESS_NOT_ON_ACCESS_LIST' };
  const holds = HOLDS[caller];
  switch (access.scope) {
    case 'undeclared':
      return { kind: 'refuse', status: 401, errorCode: 'USER_UNAUTHORIZED' };
    case 'authenticated':
      return { kind: 'service-decides' };
    case 'global':
      return holds.global
        ? { kind: 'allow' }
        : { kind: 'refuse', status: 401, errorCode: 'USER_UNAUTHORIZED' };
    case 'org':
      return holds.global || access.anyOf.some((role) => holds.org.includes(role))
        ? { kind: 'allow' }
        : { kind: 'refuse', status: 401, errorCode: 'USER_UNAUTHORIZED' };
    case 'project':
      if (holds.global || access.anyOf.some((role) => holds.project.includes(role))) return { kind: 'allow' };
      return {
        kind: 'refuse',
        status: 401,
        errorCode: holds.project.length > 0 ? 'USER_UNAUTHORIZED' : 'NOT_IN_GROUP',
      };
  }
}

function credentialsOf(seeded: Seeded, caller: CallerKind): Credentials | undefined {
  switch (caller) {
    case 'globalOwner':
      return seeded.boot.globalKey;
    case 'orgOwner':
      return seeded.orgOwner;
    case 'orgMember':
      return seeded.outsider;
    case 'orgReadOnly':
      return seeded.orgReadOnly;
    case 'projectOwner':
      return seeded.groupOwner;
    case 'projectReadOnly':
      return seeded.readOnly;
    case 'monitoringAdmin':
      return seeded.monitoringAdmin;
    case 'otherOrgKey':
      return seeded.otherOrgOwner;
    case 'noCredentials':
      return undefined;
    case 'outsideAccessList':
      return seeded.fenced;
  }
}

const CALLERS = Object.keys(HOLDS) as CallerKind[];

// orgId / groupId are the seeded ones (the guard decides on them); other ids are real for reads and
// unknown for writes, so an allowed write answers 404/400 instead of destroying the seeded data.
function urlOf(operation: Operation, seeded: Seeded, unknownId: string): string {
  const mutating = operation.method !== 'GET';
  return operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'orgId' || name === 'groupId') return seeded.ids[name];
    return encodeURIComponent(mutating ? unknownId : (seeded.ids[name] ?? unknownId));
  });
}

// DELETE /groups/{groupId} allowed once would leave no project for the next caller and the next
// operations: each caller gets a project of its own in the seeded organization, where the seeded keys
// hold the same project roles as in the seeded one.
const OWN_PROJECT_PER_CALLER = new Set(['Projects_delete']);

async function disposableProject(t: TestApp, seeded: Seeded): Promise<string> {
  const admin = seeded.boot.globalKey;
  const project = await createProject(t, admin, seeded.ids.orgId);
  await assignKeyToProject(t, admin, project.id, seeded.readOnly.id, ['GROUP_READ_ONLY']);
  await assignKeyToProject(t, admin, project.id, seeded.monitoringAdmin.id, ['GROUP_MONITORING_ADMIN']);
  await assignKeyToProject(t, admin, project.id, seeded.groupOwner.id, ['GROUP_OWNER']);
  await assignKeyToProject(t, admin, project.id, seeded.automationAdmin.id, ['GROUP_AUTOMATION_ADMIN']);
  return project.id;
}

function problemWith(expected: Expectation, response: RawResponse): string | undefined {
  let body: { errorCode?: string } = {};
  try {
    body = JSON.parse(response.text) as { errorCode?: string };
  } catch {
    // checked below where it matters
  }
  if (response.status >= 500) return `got ${response.status}`;
  switch (expected.kind) {
    case 'allow':
      return response.status === 401 || response.status === 403
        ? `refused ${response.status} ${body.errorCode}`
        : undefined;
    case 'refuse':
      if (response.status !== expected.status || body.errorCode !== expected.errorCode)
        return `expected ${expected.status} ${expected.errorCode ?? '(bare)'}, got ${response.status} ${body.errorCode ?? '(bare)'}`;
      if (
        expected.errorCode === undefined &&
        !String(response.headers['www-authenticate'] ?? '').startsWith('Digest ')
      )
        return 'bare 401 without a Digest challenge';
      return undefined;
    case 'service-decides':
      return (response.status === 401 || response.status === 403) && typeof body.errorCode !== 'string'
        ? `refused ${response.status} without an errorCode`
        : undefined;
    case 'same-for-everyone':
      return undefined;
  }
}

describe('Authorization matrix: every operation x every kind of caller', () => {
  let t: TestApp;
  let seeded: Seeded;

  beforeAll(async () => {
    t = await startTestApp({
      ...BACKGROUND_JOBS_OFF,
    });
    seeded = await seed(t);
  }, 120000);

  afterAll(async () => {
    await t?.close();
  });

  it('should allow or refuse each caller exactly as the route declares, with the product codes', async () => {
    const operations = operationsOf(await fetchOpenApi(t.baseUrl));
    const declared = declaredAccessByOperationId(t.app);
    const unknownId = randomBytes(12).toString('hex');
    const failures: string[] = [];
    const tally = { allow: 0, refuse: 0, 'service-decides': 0, 'same-for-everyone': 0 };
    for (const operation of operations) {
      const access = declared.get(operation.operationId);
      if (!access) {
        failures.push(`${operation.operationId}: no handler found for the OpenAPI operation`);
        continue;
      }
      if (access.scope === 'undeclared')
        failures.push(`${operation.operationId}: declares no access requirement`);
      const statuses = new Set<number>();
      for (const caller of CALLERS) {
        const url = OWN_PROJECT_PER_CALLER.has(operation.operationId)
          ? urlOf(
              operation,
              { ...seeded, ids: { ...seeded.ids, groupId: await disposableProject(t, seeded) } },
              unknownId,
            )
          : urlOf(operation, seeded, unknownId);
        const expected = expectationFor(caller, access, operation.operationId);
        tally[expected.kind]++;
        const response = await send(
          t.baseUrl,
          operation.method,
          url,
          operation.method === 'GET' || operation.method === 'DELETE'
            ? { kind: 'none' }
            : { kind: 'json', value: {}, note: 'empty' },
          { digest: credentialsOf(seeded, caller) },
        );
        statuses.add(response.status);
        const problem = problemWith(expected, response);
        if (problem)
          failures.push(
            `${operation.method} ${operation.path} as ${caller}: ${problem}: ${response.text.slice(0, 200)}`,
          );
      }
      if (access.scope === 'public' && statuses.size !== 1)
        failures.push(
          `${operation.method} ${operation.path} (public): caller-dependent statuses ${[...statuses].join(',')}`,
        );
    }
    process.stdout.write(
      `authorization matrix: ${operations.length} operations x ${CALLERS.length} callers = ${operations.length * CALLERS.length} requests; ` +
        `allow ${tally.allow}, refuse ${tally.refuse}, service-decides ${tally['service-decides']}, public ${tally['same-for-everyone']}; failures ${failures.length}\n`,
    );
    expect(failures).toEqual([]);
  }, 900_000);
});
