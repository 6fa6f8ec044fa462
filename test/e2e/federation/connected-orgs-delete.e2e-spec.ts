import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  connectedOrgUrl,
  eventsOf,
  patchConnectedOrg,
  sql,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('DELETE /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
  });

  afterAll(async () => {
    await t.close();
  });

  const remove = (orgId: string, auth = w.ownerB) =>
    call('DELETE', connectedOrgUrl(t, federationId, orgId), { auth });
  const connectB = () =>
    patchConnectedOrg(t, w.ownerAB, federationId, w.orgB, {
      domainRestrictionEnabled: false,
      roleMappings: [
        { externalGroupName: 'b-admins', roleAssignments: [{ orgId: w.orgB, role: 'ORG_OWNER' }] },
      ],
    });

  it('should disconnect the organization with its role mappings and answer 204', async () => {
    await connectB();
    const response = await remove(w.orgB);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(await sql(t, 'SELECT org_id FROM federation_connected_orgs WHERE org_id = $1', [w.orgB])).toEqual(
      [],
    );
    expect(await sql(t, 'SELECT id FROM federation_role_mappings WHERE org_id = $1', [w.orgB])).toEqual([]);
    const settings = await call('GET', `${t.apiUrl}/orgs/${w.orgB}/federationSettings`, { auth: w.ownerB });
    expectApiError(settings, 404, 'ORG_FEDERATION_SETTINGS_NOT_FOUND');
    const [event] = (await eventsOf(t, 'FEDERATION_SETTINGS_UPDATED')).filter(
      (row) => row.org_id === w.orgB && row.raw?.disconnected === true,
    );
    expect(event.diffs?.[0]).toMatchObject({ id: w.orgB, status: 'REMOVED' });
  });

  it('should refuse to disconnect the last organization with CANNOT_DISCONNECT_LAST_ORG', async () => {
    const response = await remove(w.orgA, w.ownerA);
    expectApiError(response, 400, 'CANNOT_DISCONNECT_LAST_ORG', {
      parameters: [w.orgA, federationId],
      detail: `Organization ${w.orgA} is the last one connected to federation ${federationId}; delete the federation instead.`,
    });
  });

  it('should answer 404 CONNECTED_ORG_CONFIG_NOT_FOUND when the organization is not connected', async () => {
    const response = await remove(w.orgB, w.ownerAB);
    expectApiError(response, 404, 'CONNECTED_ORG_CONFIG_NOT_FOUND');
  });

  it('should refuse with 401 when the caller does not own the organization in the path', async () => {
    await connectB();
    for (const auth of [w.ownerA, w.memberA, w.ownerC]) {
      const response = await remove(w.orgB, auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    expect(
      await sql(t, 'SELECT org_id FROM federation_connected_orgs WHERE org_id = $1', [w.orgB]),
    ).toHaveLength(1);
  });
});
