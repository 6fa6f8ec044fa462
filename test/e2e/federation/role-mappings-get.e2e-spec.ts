import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import { roleMappingsUrl, startFederationApp, type FederationWorld } from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('GET /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/roleMappings', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  const ids: string[] = [];

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    for (const name of ['first', 'second', 'third']) {
      const response = await call('POST', roleMappingsUrl(t, federationId, w.orgA), {
        auth: w.ownerA,
        body: { externalGroupName: name, roleAssignments: [{ orgId: w.orgA, role: 'ORG_MEMBER' }] },
      });
      ids.push(response.body.id);
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const list = (query = '', auth = w.ownerA) =>
    call('GET', `${roleMappingsUrl(t, federationId, w.orgA)}${query}`, { auth });
  const getOne = (id: string, auth = w.ownerA) =>
    call('GET', roleMappingsUrl(t, federationId, w.orgA, id), { auth });

  it('should list the mappings oldest first in the list envelope', async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body.totalCount).toBe(3);
    expect(response.body.results.map((mapping: { id: string }) => mapping.id)).toEqual(ids);
    expect(response.body.results[0]).toEqual({
      externalGroupName: 'first',
      id: ids[0],
      roleAssignments: [{ groupId: null, orgId: w.orgA, role: 'ORG_MEMBER' }],
    });
    const self = new URL(response.body.links[0].href);
    expect(self.pathname).toBe(
      `/api/public/v1.0/federationSettings/${federationId}/connectedOrgConfigs/${w.orgA}/roleMappings`,
    );
  });

  it('should page the list with a next link when more mappings remain', async () => {
    const response = await list('?itemsPerPage=2');
    expect(response.body.results).toHaveLength(2);
    expect(response.body.links.map((link: { rel: string }) => link.rel)).toEqual(['self', 'next']);
  });

  it('should return one mapping by id and answer ROLE_MAPPING_NOT_FOUND for unknown or malformed ids', async () => {
    const response = await getOne(ids[1]);
    expect(response.status).toBe(200);
    expect(response.body.externalGroupName).toBe('second');
    for (const id of ['61e89721b827b56c845ff44c', 'nope']) {
      const missing = await getOne(id);
      expectApiError(missing, 404, 'ROLE_MAPPING_NOT_FOUND', [id, w.orgA]);
    }
  });

  it('should refuse with 401 when the caller is not an owner of the organization', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      expectApiError(await list('', auth), 401, 'USER_UNAUTHORIZED');
      expect((await getOne(ids[0], auth)).status).toBe(401);
    }
  });
});
