import { apiErrorBody } from '../../support/api-error';
import { call, type Credentials } from '../../support/digest-client';
import { createMaintenanceWindow, metricAlert, openAlert } from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  createProject,
  createUser,
} from '../../support/factories/identity.fixture';
import { SmtpReceiver } from '../../support/receivers/smtp-receiver';
import { BACKGROUND_JOBS_OFF, startTestApp, type TestApp } from '../../support/test-app';
import { DatabaseDigest } from '../../reliability/support/db-digest';
import { fetchOpenApi, operationsOf } from '../../reliability/support/openapi-operations';
import { metricBody } from '../alerting/alert-configs.fixture';
import {
  connectedOrgUrl,
  createFederation,
  createIdp,
  patchConnectedOrg,
  roleMappingsUrl,
} from '../federation/federation.fixture';

type Body = Record<string, unknown>;

// How a refusal must read: ATTRIBUTE_READ_ONLY naming the field, unless the product has its own code for
// that field (an id of the path sent in the body with another value).
interface Refusal {
  errorCode: string;
  parameters: unknown[];
}

// One updatable resource: its route as the OpenAPI document names it, where it lives, how it is read
// (`read`, when no GET of its own prints it), what of its GET answer the write takes (`writable` drops or
// reshapes what the write route takes in another shape), and for each read-only field a value that differs
// from the stored one and the refusal it must get.
interface Resource {
  route: string;
  url: string;
  auth: Credentials;
  read?: () => Promise<Body>;
  writable?: (body: Body) => Body;
  // Changes every write makes by itself (a timestamp of the last change, a goal version).
  volatile: string[];
  // A real change to send beside a refused field: it must not slip through either.
  beside?: (body: Body) => Body;
  readOnly: Array<{ field: string; changed: (body: Body) => Body; refusal?: Refusal }>;
  // Why a resource has no read-only field to refuse.
  noReadOnly?: string;
}

const OTHER_ID = '0123456789abcdef01234567';
const otherLinks = [{ href: 'http://elsewhere.example.com/api/public/v1.0/x', rel: 'self' }];
const LONG_AGO = '2001-01-01T00:00:00Z';

// Timers off: nothing but the requests themselves writes to the database between two digests.
const QUIET = {
  ...BACKGROUND_JOBS_OFF,
};

function without(body: Body, fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

const set =
  (field: string, value: unknown) =>
  (body: Body): Body => ({ ...body, [field]: value });

describe('PUT /* and PATCH /* of the OpenAPI document: what GET returns, the write accepts', () => {
  let t: TestApp;
  let digest: DatabaseDigest;
  // Invitations are e-mailed: they cannot be created without an SMTP server.
  let smtp: SmtpReceiver;
  const resources: Resource[] = [];

  beforeAll(async () => {
    smtp = await SmtpReceiver.start();
    t = await startTestApp({ ...QUIET, SMTP_URL: smtp.url() });
    digest = await DatabaseDigest.open(t.databaseUrl);
    const boot = await bootstrapFirstUser(t);
    const admin = boot.globalKey;
    const org = await createOrg(t, admin, 'Round trip org');
    const project = await createProject(t, admin, org.id, 'Round trip project');
    const groupUrl = `${t.apiUrl}/groups/${project.id}`;

    const start = new Date(Date.now() + 3_600_000);
    const window = await createMaintenanceWindow(t, admin, project.id, {
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      alertTypeNames: ['HOST'],
      description: 'round trip',
    });
    resources.push({
      route: 'PATCH /groups/{groupId}/maintenanceWindows/{windowId}',
      url: `${groupUrl}/maintenanceWindows/${window.id}`,
      auth: admin,
      volatile: ['updated'],
      beside: set('description', 'changed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'groupId', changed: set('groupId', OTHER_ID) },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'updated', changed: set('updated', LONG_AGO) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const config = await call('POST', `${groupUrl}/alertConfigs`, {
      auth: admin,
      body: metricBody({
        metricName: 'ASSERT_REGULAR',
        operator: 'GREATER_THAN',
        threshold: 10,
        units: 'RAW',
        mode: 'AVERAGE',
      }),
    });
    expect(config.status).toBe(201);
    const configUrl = `${groupUrl}/alertConfigs/${config.body.id as string}`;
    resources.push({
      route: 'PUT /groups/{groupId}/alertConfigs/{alertConfigId}',
      url: configUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('enabled', false),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        {
          field: 'groupId',
          changed: set('groupId', OTHER_ID),
          refusal: { errorCode: 'GROUP_MISMATCH', parameters: [OTHER_ID, project.id] },
        },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'updated', changed: set('updated', LONG_AGO) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });
    // PATCH only enables or disables: every other field of the configuration is read-only there.
    resources.push({
      route: 'PATCH /groups/{groupId}/alertConfigs/{alertConfigId}',
      url: configUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('enabled', false),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'groupId', changed: set('groupId', OTHER_ID) },
        { field: 'eventTypeName', changed: set('eventTypeName', 'NO_PRIMARY') },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'updated', changed: set('updated', LONG_AGO) },
        { field: 'links', changed: set('links', otherLinks) },
        {
          field: 'matchers',
          changed: set('matchers', [{ fieldName: 'HOSTNAME', operator: 'EQUALS', value: 'x' }]),
        },
        { field: 'notifications', changed: set('notifications', []) },
        {
          field: 'metricThreshold',
          changed: (b) => ({ ...b, metricThreshold: { ...(b.metricThreshold as Body), threshold: 11 } }),
        },
      ],
    });

    const alert = await openAlert(t, metricAlert(project.id));
    const alertUrl = `${groupUrl}/alerts/${alert.id}`;
    const acknowledged = await call('PATCH', alertUrl, {
      auth: admin,
      body: {
        acknowledgedUntil: new Date(Date.now() + 86_400_000).toISOString(),
        acknowledgementComment: 'round trip',
      },
    });
    expect(acknowledged.status).toBe(200);
    resources.push({
      route: 'PATCH /groups/{groupId}/alerts/{alertId}',
      url: alertUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('acknowledgementComment', 'changed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'groupId', changed: set('groupId', OTHER_ID) },
        { field: 'alertConfigId', changed: set('alertConfigId', OTHER_ID) },
        { field: 'eventTypeName', changed: set('eventTypeName', 'HOST_DOWN') },
        { field: 'status', changed: set('status', 'CLOSED') },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'updated', changed: set('updated', LONG_AGO) },
        { field: 'acknowledgingUsername', changed: set('acknowledgingUsername', 'someone@example.com') },
        { field: 'currentValue', changed: set('currentValue', { number: 99, units: 'RAW' }) },
        { field: 'hostId', changed: set('hostId', OTHER_ID) },
        { field: 'hostnameAndPort', changed: set('hostnameAndPort', 'elsewhere.example.com:27017') },
        { field: 'metricName', changed: set('metricName', 'CONNECTIONS') },
        { field: 'replicaSetName', changed: set('replicaSetName', 'rs9') },
        { field: 'tags', changed: set('tags', ['x']) },
        { field: 'humanReadable', changed: set('humanReadable', 'something else') },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const federation = await createFederation(t, admin, org.id);
    const idp = await createIdp(t, admin, federation.id);
    resources.push({
      route: 'PATCH /federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}',
      url: `${t.apiUrl}/federationSettings/${federation.id}/identityProviders/${idp.oktaIdpId}`,
      auth: admin,
      volatile: [],
      beside: set('displayName', 'Changed beside'),
      readOnly: [
        { field: 'acsUrl', changed: set('acsUrl', 'https://attacker.example.com/acs') },
        { field: 'audienceUri', changed: set('audienceUri', 'https://attacker.example.com') },
        { field: 'oktaIdpId', changed: set('oktaIdpId', '0oa0000000000000000a') },
        { field: 'associatedOrgs', changed: set('associatedOrgs', [{ orgId: OTHER_ID }]) },
        {
          field: 'pemFileInfo',
          refusal: { errorCode: 'ATTRIBUTE_READ_ONLY', parameters: ['pemFileInfo.certificates'] },
          changed: (b) => ({
            ...b,
            pemFileInfo: {
              ...(b.pemFileInfo as Body),
              certificates: [{ notAfter: '2099-01-01T00:00:00Z', notBefore: LONG_AGO }],
            },
          }),
        },
      ],
    });

    // Restricted to its domains, so userConflicts is a list (the members outside them), not null.
    await patchConnectedOrg(t, admin, federation.id, org.id, {
      domainRestrictionEnabled: true,
      domainAllowList: ['example.com'],
      identityProviderId: idp.oktaIdpId,
    });
    resources.push({
      route: 'PATCH /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}',
      url: connectedOrgUrl(t, federation.id, org.id),
      auth: admin,
      volatile: [],
      beside: set('domainAllowList', ['example.org']),
      readOnly: [
        {
          field: 'userConflicts',
          changed: set('userConflicts', [
            {
              emailAddress: 'x@example.org',
              federationSettingsId: federation.id,
              firstName: 'X',
              lastName: 'Y',
              userId: OTHER_ID,
            },
          ]),
        },
        {
          field: 'orgId',
          changed: set('orgId', OTHER_ID),
          refusal: { errorCode: 'ORG_MISMATCH', parameters: [OTHER_ID, org.id] },
        },
      ],
    });

    const mapping = await call('POST', roleMappingsUrl(t, federation.id, org.id), {
      auth: admin,
      body: { externalGroupName: 'round-trip', roleAssignments: [{ orgId: org.id, role: 'ORG_MEMBER' }] },
    });
    expect(mapping.status).toBe(200);
    resources.push({
      route:
        'PUT /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings/{roleMappingId}',
      url: roleMappingsUrl(t, federation.id, org.id, mapping.body.id as string),
      auth: admin,
      volatile: [],
      beside: set('externalGroupName', 'changed-beside'),
      readOnly: [{ field: 'id', changed: set('id', OTHER_ID) }],
    });

    // Global configurations: PUT takes what GET printed; PATCH only enables or disables.
    const globalConfig = await call('POST', `${t.apiUrl}/globalAlertConfigs`, {
      auth: admin,
      body: {
        eventTypeName: 'HOST_DOWN',
        enabled: true,
        forAllGroups: false,
        groupIds: [project.id],
        notifications: [
          { typeName: 'EMAIL', emailAddress: 'oncall@example.com', delayMin: 0, intervalMin: 60 },
        ],
      },
    });
    expect(globalConfig.status).toBe(201);
    const globalConfigUrl = `${t.apiUrl}/globalAlertConfigs/${globalConfig.body.id as string}`;
    // The alert's row first: writing the configuration back reconciles it, which cancels this hand-made
    // alert (no host of the project is down).
    const globalAlert = await openAlert(
      t,
      metricAlert(project.id, { alertConfigId: globalConfig.body.id as string }),
    );
    const globalAlertUrl = `${t.apiUrl}/globalAlerts/${globalAlert.id}`;
    const globalAcknowledged = await call('PATCH', globalAlertUrl, {
      auth: admin,
      body: {
        acknowledgedUntil: new Date(Date.now() + 86_400_000).toISOString(),
        acknowledgementComment: 'round trip',
      },
    });
    expect(globalAcknowledged.status).toBe(200);
    resources.push({
      route: 'PATCH /globalAlerts/{alertId}',
      url: globalAlertUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('acknowledgementComment', 'changed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'groupId', changed: set('groupId', OTHER_ID) },
        { field: 'alertConfigId', changed: set('alertConfigId', OTHER_ID) },
        { field: 'status', changed: set('status', 'CLOSED') },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const globalConfigFields = [
      { field: 'id', changed: set('id', OTHER_ID) },
      { field: 'created', changed: set('created', LONG_AGO) },
      { field: 'updated', changed: set('updated', LONG_AGO) },
      { field: 'links', changed: set('links', otherLinks) },
    ];
    resources.push({
      route: 'PUT /globalAlertConfigs/{alertConfigId}',
      url: globalConfigUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('enabled', false),
      readOnly: globalConfigFields,
    });
    resources.push({
      route: 'PATCH /globalAlertConfigs/{alertConfigId}',
      url: globalConfigUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('enabled', false),
      readOnly: [
        ...globalConfigFields,
        { field: 'eventTypeName', changed: set('eventTypeName', 'NO_PRIMARY') },
        { field: 'notifications', changed: set('notifications', []) },
      ],
    });
    const policyUrl = `${groupUrl}/alertGroupingPolicy`;
    const policy = await call('PUT', policyUrl, {
      auth: admin,
      body: { groupBy: ['REPLICA_SET'], groupWaitSeconds: 30, groupIntervalSeconds: 300 },
    });
    expect(policy.status).toBe(200);
    resources.push({
      route: 'PUT /groups/{groupId}/alertGroupingPolicy',
      url: policyUrl,
      auth: admin,
      volatile: ['updated'],
      beside: set('groupWaitSeconds', 45),
      readOnly: [
        { field: 'groupId', changed: set('groupId', OTHER_ID) },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'updated', changed: set('updated', LONG_AGO) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const globalKey = await call('POST', `${t.apiUrl}/admin/apiKeys`, {
      auth: admin,
      body: { desc: 'round trip global key', roles: ['GLOBAL_READ_ONLY'] },
    });
    expect(globalKey.status).toBe(200);
    resources.push({
      route: 'PATCH /admin/apiKeys/{apiKeyId}',
      url: `${t.apiUrl}/admin/apiKeys/${globalKey.body.id as string}`,
      auth: admin,
      // As for organization keys: GET prints role assignments, PATCH takes role names.
      writable: (b) => without(b, ['roles']),
      volatile: [],
      beside: set('desc', 'changed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'publicKey', changed: set('publicKey', 'abcdefgh') },
        { field: 'privateKey', changed: set('privateKey', '********-****-****-000000000000') },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    // The test's own address, so that the global list fences none of the global keys the test uses.
    const globalEntry = await call('POST', `${t.apiUrl}/admin/accessList`, {
      auth: admin,
      body: { cidrBlock: '127.0.0.1/32', description: 'round trip' },
    });
    expect(globalEntry.status).toBe(200);
    resources.push({
      route: 'PATCH /admin/accessList/{accessListId}',
      url: `${t.apiUrl}/admin/accessList/${globalEntry.body.id as string}`,
      auth: admin,
      volatile: [],
      beside: set('description', 'changed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'type', changed: set('type', 'CIDR_BLOCK') },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'updated', changed: set('updated', LONG_AGO) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const key = await createOrgApiKey(t, admin, org.id, ['ORG_MEMBER'], 'round trip key');
    resources.push({
      route: 'PATCH /orgs/{orgId}/apiKeys/{apiKeyId}',
      url: `${t.apiUrl}/orgs/${org.id}/apiKeys/${key.id}`,
      auth: admin,
      // GET prints role assignments ({orgId, roleName}); PATCH takes role names: the product's clients
      // send an input shape for roles, never the read one.
      writable: (b) => without(b, ['roles']),
      volatile: [],
      beside: set('desc', 'changed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'publicKey', changed: set('publicKey', 'abcdefgh') },
        { field: 'privateKey', changed: set('privateKey', '********-****-****-000000000000') },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    // The project's view of an organization key is an item of its list; PATCH takes the project's role names.
    const projectKey = await createOrgApiKey(t, admin, org.id, ['ORG_MEMBER'], 'round trip project key');
    const projectKeyUrl = `${groupUrl}/apiKeys/${projectKey.id}`;
    const assigned = await call('PATCH', projectKeyUrl, {
      auth: admin,
      body: { roles: ['GROUP_READ_ONLY'] },
    });
    expect(assigned.status).toBe(200);
    resources.push({
      route: 'PATCH /groups/{groupId}/apiKeys/{apiKeyId}',
      url: projectKeyUrl,
      auth: admin,
      read: async () => {
        const list = await call('GET', `${groupUrl}/apiKeys`, { auth: admin });
        expect(list.status).toBe(200);
        return (list.body.results as Body[]).find((item) => item.id === projectKey.id)!;
      },
      writable: (b) => ({
        ...b,
        roles: (b.roles as Body[]).filter((r) => r.groupId === project.id).map((r) => r.roleName),
      }),
      volatile: [],
      beside: set('roles', ['GROUP_OWNER']),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'desc', changed: set('desc', 'another description') },
        { field: 'publicKey', changed: set('publicKey', 'abcdefgh') },
        { field: 'privateKey', changed: set('privateKey', '********-****-****-000000000000') },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    resources.push({
      route: 'PATCH /orgs/{orgId}',
      url: `${t.apiUrl}/orgs/${org.id}`,
      auth: admin,
      volatile: [],
      beside: set('name', 'Renamed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const teammate = await createUser(t, admin, [{ groupId: project.id, roleName: 'GROUP_READ_ONLY' }]);
    resources.push({
      route: 'PATCH /users/{userId}',
      url: `${t.apiUrl}/users/${teammate.user.id}`,
      auth: admin,
      volatile: [],
      beside: set('firstName', 'Changed'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'username', changed: set('username', 'someone.else@example.com') },
        { field: 'links', changed: set('links', otherLinks) },
        { field: 'teamIds', changed: set('teamIds', [OTHER_ID]) },
      ],
    });

    resources.push({
      route: 'PATCH /groups/{groupId}',
      url: groupUrl,
      auth: admin,
      volatile: [],
      beside: set('name', 'Round trip project renamed'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'orgId', changed: set('orgId', OTHER_ID) },
        { field: 'links', changed: set('links', otherLinks) },
        { field: 'created', changed: set('created', LONG_AGO) },
        { field: 'activeAgentCount', changed: set('activeAgentCount', 7) },
        {
          field: 'ldapGroupMappings',
          changed: set('ldapGroupMappings', [{ roleName: 'GROUP_OWNER', ldapGroups: ['x'] }]),
        },
        {
          field: 'hostCounts',
          changed: (b) => ({ ...b, hostCounts: { ...(b.hostCounts as Body), primary: 3 } }),
        },
        { field: 'publicApiEnabled', changed: set('publicApiEnabled', false) },
        { field: 'replicaSetCount', changed: set('replicaSetCount', 2) },
        { field: 'shardCount', changed: set('shardCount', 2) },
      ],
    });

    // Invitations: by id, and by the username in the body (the product's two update routes).
    const invitationFields = [
      { field: 'id', changed: set('id', OTHER_ID) },
      { field: 'inviterUsername', changed: set('inviterUsername', 'someone.else@example.com') },
      { field: 'createdAt', changed: set('createdAt', LONG_AGO) },
      { field: 'expiresAt', changed: set('expiresAt', LONG_AGO) },
    ];
    const invite = async (url: string, body: Body): Promise<string> => {
      const response = await call<{ id: string }>('POST', url, { auth: admin, body });
      expect(response.status).toBe(200);
      return `${url}/${response.body.id}`;
    };
    const orgInvites = `${t.apiUrl}/orgs/${org.id}/invites`;
    const orgInvitation = await invite(orgInvites, {
      username: 'round.trip@example.com',
      roles: ['ORG_MEMBER'],
    });
    const orgScope = [
      { field: 'orgId', changed: set('orgId', OTHER_ID) },
      { field: 'orgName', changed: set('orgName', 'Another org') },
    ];
    resources.push({
      route: 'PATCH /orgs/{orgId}/invites/{invitationId}',
      url: orgInvitation,
      auth: admin,
      volatile: [],
      beside: set('roles', ['ORG_READ_ONLY']),
      readOnly: [
        ...invitationFields,
        ...orgScope,
        { field: 'username', changed: set('username', 'x@example.com') },
      ],
    });
    resources.push({
      route: 'PATCH /orgs/{orgId}/invites',
      url: orgInvites,
      read: async () => (await call('GET', orgInvitation, { auth: admin })).body as Body,
      auth: admin,
      volatile: [],
      beside: set('roles', ['ORG_READ_ONLY']),
      readOnly: [...invitationFields, ...orgScope],
    });
    const projectInvites = `${groupUrl}/invites`;
    const projectInvitation = await invite(projectInvites, {
      username: 'round.trip@example.com',
      roles: ['GROUP_READ_ONLY'],
    });
    const projectScope = [
      { field: 'groupId', changed: set('groupId', OTHER_ID) },
      { field: 'groupName', changed: set('groupName', 'Another project') },
      { field: 'teamIds', changed: set('teamIds', [OTHER_ID]) },
    ];
    resources.push({
      route: 'PATCH /groups/{groupId}/invites/{invitationId}',
      url: projectInvitation,
      auth: admin,
      volatile: [],
      beside: set('roles', ['GROUP_OWNER']),
      readOnly: [
        ...invitationFields,
        ...projectScope,
        { field: 'username', changed: set('username', 'x@example.com') },
      ],
    });
    resources.push({
      route: 'PATCH /groups/{groupId}/invites',
      url: projectInvites,
      read: async () => (await call('GET', projectInvitation, { auth: admin })).body as Body,
      auth: admin,
      volatile: [],
      beside: set('roles', ['GROUP_OWNER']),
      readOnly: [...invitationFields, ...projectScope],
    });

    const team = await call('POST', `${t.apiUrl}/orgs/${org.id}/teams`, {
      auth: admin,
      body: { name: 'Round trip team', usernames: [teammate.user.username] },
    });
    expect(team.status).toBe(201);
    const teamId = team.body.id as string;
    resources.push({
      route: 'PATCH /orgs/{orgId}/teams/{teamId}',
      url: `${t.apiUrl}/orgs/${org.id}/teams/${teamId}`,
      auth: admin,
      volatile: [],
      beside: set('name', 'Renamed beside'),
      readOnly: [
        { field: 'id', changed: set('id', OTHER_ID) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const teamInProject = await call('POST', `${groupUrl}/teams`, {
      auth: admin,
      body: [{ teamId, roleNames: ['GROUP_READ_ONLY'] }],
    });
    expect(teamInProject.status).toBe(200);
    resources.push({
      route: 'PATCH /groups/{groupId}/teams/{teamId}',
      url: `${groupUrl}/teams/${teamId}`,
      auth: admin,
      volatile: [],
      beside: set('roleNames', ['GROUP_OWNER']),
      readOnly: [
        { field: 'teamId', changed: set('teamId', OTHER_ID) },
        { field: 'links', changed: set('links', otherLinks) },
      ],
    });

    const integration = await call('POST', `${groupUrl}/integrations/WEBHOOK`, {
      auth: admin,
      body: { type: 'WEBHOOK', url: 'https://hooks.example.com/round-trip', secret: 'round-trip-secret' },
    });
    expect(integration.status).toBe(200);
    resources.push({
      route: 'PUT /groups/{groupId}/integrations/{integrationType}',
      url: `${groupUrl}/integrations/WEBHOOK`,
      auth: admin,
      volatile: [],
      noReadOnly:
        'An integration prints its settings (secrets redacted, kept when sent back so) and its type, which ' +
        'must be the type of the path (INVALID_INTEGRATION_SETTINGS otherwise): nothing the service sets.',
      readOnly: [],
    });

    const published = await call('PUT', `${groupUrl}/automationConfig`, {
      auth: admin,
      body: { processes: [], replicaSets: [], sharding: [], mongoDbVersions: [{ name: '7.0.2' }] },
    });
    expect(published.status).toBe(200);
    resources.push({
      route: 'PUT /groups/{groupId}/automationConfig',
      url: `${groupUrl}/automationConfig`,
      auth: admin,
      volatile: ['version'],
      noReadOnly:
        'The goal version is the one field the service sets, and the product ignores it in the body: of two ' +
        'administrators starting from the same version, the later replace wins.',
      readOnly: [],
    });
  }, 120_000);

  afterAll(async () => {
    await digest?.close();
    await t?.close();
    await smtp?.close();
  });

  const read = async (resource: Resource): Promise<Body> => {
    if (resource.read) return resource.read();
    const response = await call('GET', resource.url, { auth: resource.auth });
    expect(response.status).toBe(200);
    return response.body as Body;
  };
  const method = (resource: Resource) => resource.route.split(' ')[0] as 'PUT' | 'PATCH';
  const writable = (resource: Resource, body: Body) => (resource.writable ?? ((b: Body) => b))(body);

  it('should have a row for every PUT and PATCH route of the OpenAPI document, and only those', async () => {
    const document = await fetchOpenApi(t.baseUrl);
    const routes = operationsOf(document)
      .filter((operation) => operation.method === 'PUT' || operation.method === 'PATCH')
      .map((operation) => `${operation.method} ${operation.path.replace(/^\/api\/public\/v1\.0/, '')}`);
    expect(routes.length).toBeGreaterThan(10);
    expect(resources.map((resource) => resource.route).sort()).toEqual([...routes].sort());
    // A resource without a field to refuse says why.
    for (const resource of resources) {
      expect({
        route: resource.route,
        explained: resource.readOnly.length > 0 || !!resource.noReadOnly,
      }).toEqual({
        route: resource.route,
        explained: true,
      });
    }
  });

  it('should accept every resource written back unchanged and keep it as it was', async () => {
    for (const resource of resources) {
      const before = await read(resource);
      const response = await call(method(resource), resource.url, {
        auth: resource.auth,
        body: writable(resource, before),
      });

      // 2xx as the route documents it (the product answers a maintenance window PATCH with 201).
      expect({ route: resource.route, status: response.status, ok: response.status < 300 }).toEqual({
        route: resource.route,
        status: response.status,
        ok: true,
      });
      expect({ route: resource.route, after: without(await read(resource), resource.volatile) }).toEqual({
        route: resource.route,
        after: without(before, resource.volatile),
      });
    }
  });

  it('should refuse each read-only field sent with another value, naming it, and write nothing at all', async () => {
    let refused = 0;
    for (const resource of resources) {
      for (const readOnly of resource.readOnly) {
        const before = await read(resource);
        const body = readOnly.changed((resource.beside ?? ((b: Body) => b))(writable(resource, before)));
        const tables = await digest.snapshot();

        const response = await call(method(resource), resource.url, { auth: resource.auth, body });

        const refusal = readOnly.refusal ?? {
          errorCode: 'ATTRIBUTE_READ_ONLY',
          parameters: [readOnly.field],
        };
        expect({
          route: resource.route,
          field: readOnly.field,
          status: response.status,
          body: response.body,
        }).toEqual({
          route: resource.route,
          field: readOnly.field,
          status: 400,
          body: apiErrorBody(400, refusal.errorCode, { parameters: refusal.parameters }),
        });
        // Not a row of any table changed, audit events included.
        expect({
          route: resource.route,
          field: readOnly.field,
          changed: DatabaseDigest.changedTables(tables, await digest.snapshot()),
        }).toEqual({ route: resource.route, field: readOnly.field, changed: [] });
        expect(await read(resource)).toEqual(before);
        refused += 1;
      }
    }
    expect(refused).toBe(resources.reduce((sum, resource) => sum + resource.readOnly.length, 0));
    expect(refused).toBeGreaterThan(40);
  });
});
