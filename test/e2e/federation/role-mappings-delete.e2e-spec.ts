import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import { eventsOf, roleMappingsUrl, startFederationApp, type FederationWorld } from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('DELETE /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings/{roleMappingId}', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
  });

  afterAll(async () => {
    await t.close();
  });

  const create = async (externalGroupName: string): Promise<string> =>
    (
      await call('POST', roleMappingsUrl(t, federationId, w.orgA), {
        auth: w.ownerA,
        body: { externalGroupName, roleAssignments: [{ orgId: w.orgA, role: 'ORG_MEMBER' }] },
      })
    ).body.id;
  const remove = (id: string, auth = w.ownerA) =>
    call('DELETE', roleMappingsUrl(t, federationId, w.orgA, id), { auth });

  it('should answer 204, forget the mapping and record ROLE_MAPPING_DELETED', async () => {
    const id = await create('gone');
    const response = await remove(id);
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect((await call('GET', roleMappingsUrl(t, federationId, w.orgA, id), { auth: w.ownerA })).status).toBe(
      404,
    );
    expectApiError(await remove(id), 404, 'ROLE_MAPPING_NOT_FOUND');
    const [event] = await eventsOf(t, 'ROLE_MAPPING_DELETED');
    expect(event).toMatchObject({
      org_id: w.orgA,
      raw: expect.objectContaining({ roleMappingId: id, externalGroupName: 'gone' }),
    });
    const settings = await call('GET', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA });
    expect(settings.body.hasRoleMappings).toBe(false);
  });

  it('should refuse with 401 when the caller is not an owner of the organization and keep the mapping', async () => {
    const id = await create('kept');
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await remove(id, auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    expect((await call('GET', roleMappingsUrl(t, federationId, w.orgA, id), { auth: w.ownerA })).status).toBe(
      200,
    );
  });
});
