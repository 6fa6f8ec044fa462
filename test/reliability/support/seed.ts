import { request } from '../../support/checked-request';
import { call, type Credentials } from '../../support/digest-client';
import {
  createMaintenanceWindow,
  projectWithCallers,
  windowBody,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import {
  bootstrapFirstUser,
  createOrg,
  createOrgApiKey,
  type ApiKeyCredentials,
  type BootstrapResult,
} from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';

// One organization with a project populated through the public and agent APIs, so hostile requests
// can name real ids: org, project, keys, an access list entry, alert configs, a maintenance window,
// an agent key, a reported host with a disk, a federation, a team assigned to the project, events.

export interface Seeded extends ProjectCallers {
  boot: BootstrapResult;
  orgReadOnly: ApiKeyCredentials;
  // ORG_MEMBER whose access list admits only 198.51.100.7: every call from the tests is outside it.
  fenced: ApiKeyCredentials;
  // ORG_OWNER of another organization.
  otherOrgOwner: ApiKeyCredentials;
  agentKey: { id: string; key: string };
  // Route parameter name -> a real value.
  ids: Record<string, string>;
}

async function ok<T = any>(
  what: string,
  promise: Promise<{ status: number; body: T; text: string }>,
): Promise<T> {
  const response = await promise;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response.body;
}

export async function seed(t: TestApp): Promise<Seeded> {
  const boot = await bootstrapFirstUser(t);
  const callers = await projectWithCallers(t, boot);
  const auth: Credentials = boot.globalKey;
  const { orgId, groupId } = callers;
  const orgReadOnly = await createOrgApiKey(t, auth, orgId, ['ORG_READ_ONLY']);
  const fenced = await createOrgApiKey(t, auth, orgId, ['ORG_MEMBER']);
  const otherOrg = await createOrg(t, auth);
  const otherOrgOwner = await createOrgApiKey(t, auth, otherOrg.id, ['ORG_OWNER']);
  await ok(
    'access list',
    call('POST', `${t.apiUrl}/orgs/${orgId}/apiKeys/${fenced.id}/accessList`, {
      auth,
      body: [{ ipAddress: '198.51.100.7' }],
    }),
  );
  const agentKey = await ok<{ _id: string; key: string }>(
    'agent key',
    call('POST', `${t.apiUrl}/groups/${groupId}/agentapikeys`, { auth, body: { desc: 'agents' } }),
  );
  const report = await request(`${t.baseUrl}/agents/v1/groups/${groupId}/reports`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${groupId}:${agentKey.key}`).toString('base64')}`,
    },
    content: JSON.stringify({
      agentType: 'MONITORING',
      hostname: 'agent0.example.com',
      version: '107.0.0.8465-1',
      hosts: [
        {
          hostname: 'db0.example.com',
          port: 27017,
          typeName: 'REPLICA_PRIMARY',
          replicaSetName: 'rs0',
          up: true,
          disks: [{ partitionName: 'xvdf' }],
        },
      ],
    }),
    dataType: 'text',
  });
  if (report.status !== 202) throw new Error(`agent report: ${report.status} ${String(report.data)}`);
  const hosts = await ok<{ results: Array<{ id: string }> }>(
    'hosts',
    call('GET', `${t.apiUrl}/groups/${groupId}/hosts`, { auth }),
  );
  const alertConfigs = await ok<{ results: Array<{ id: string }> }>(
    'alert configs',
    call('GET', `${t.apiUrl}/groups/${groupId}/alertConfigs`, { auth }),
  );
  const window = await createMaintenanceWindow(t, auth, groupId, windowBody(new Date()));
  const federation = await ok<{ id: string }>(
    'federation',
    call('POST', `${t.apiUrl}/orgs/${orgId}/federationSettings`, { auth }),
  );
  // A team of the organization assigned to the project, without members, so team routes read real ids.
  const team = await ok<{ id: string; name: string }>(
    'team',
    call('POST', `${t.apiUrl}/orgs/${orgId}/teams`, { auth, body: { name: 'Seeded team' } }),
  );
  await ok(
    'team assignment',
    call('POST', `${t.apiUrl}/groups/${groupId}/teams`, {
      auth,
      body: [{ teamId: team.id, roleNames: ['GROUP_READ_ONLY'] }],
    }),
  );
  const events = await ok<{ results: Array<{ id: string }> }>(
    'events',
    call('GET', `${t.apiUrl}/groups/${groupId}/events`, { auth }),
  );
  const project = await ok<{ name: string }>(
    'project',
    call('GET', `${t.apiUrl}/groups/${groupId}`, { auth }),
  );
  return {
    ...callers,
    boot,
    orgReadOnly,
    fenced,
    otherOrgOwner,
    agentKey: { id: agentKey._id, key: agentKey.key },
    ids: {
      orgId,
      groupId,
      groupName: project.name,
      apiKeyId: fenced.id,
      accessListEntry: '198.51.100.7',
      userId: boot.user.id,
      userName: boot.user.username,
      alertConfigId: alertConfigs.results[0]?.id ?? '',
      windowId: window.id,
      agentApiKeyId: agentKey._id,
      hostId: hosts.results[0]?.id ?? '',
      hostnameAndPort: 'db0.example.com:27017',
      partitionName: 'xvdf',
      federationSettingsId: federation.id,
      eventId: events.results[0]?.id ?? '',
      integrationType: 'SLACK',
      teamId: team.id,
      teamName: team.name,
    },
  };
}
