import { X509Certificate } from 'node:crypto';
import { call } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { eventsOf, federationWorld, sql, type FederationWorld } from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('POST /orgs/{orgId}/federationSettings', () => {
  let t: TestApp;
  let w: FederationWorld;

  beforeAll(async () => {
    t = await startTestApp();
    w = await federationWorld(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const create = (orgId: string, auth = w.ownerA, query = '') =>
    call('POST', `${t.apiUrl}/orgs/${orgId}/federationSettings${query}`, { auth });

  it('should create a federation with the organization connected and answer 201 when none exists', async () => {
    const response = await create(w.orgA);
    expect(response.status).toBe(201);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body).toEqual({
      federatedDomains: [],
      hasRoleMappings: false,
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      identityProviderId: null,
      identityProviderStatus: null,
    });
    const config = await call(
      'GET',
      `${t.apiUrl}/federationSettings/${response.body.id}/connectedOrgConfigs/${w.orgA}`,
      { auth: w.ownerA },
    );
    expect(config.body).toEqual({
      domainAllowList: [],
      domainRestrictionEnabled: false,
      identityProviderId: null,
      orgId: w.orgA,
      postAuthRoleGrants: [],
      roleMappings: [],
      userConflicts: null,
    });
  });

  it('should return the existing federation with 200 when the organization is already connected', async () => {
    const first = await call('GET', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA });
    const again = await create(w.orgA);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const enveloped = await create(w.orgA, w.ownerA, '?envelope=true');
    expect(enveloped.body).toEqual({ status: 200, content: first.body });
    expect(await sql(t, 'SELECT id FROM federation_settings')).toHaveLength(1);
  });

  it('should record FEDERATION_SETTINGS_CREATED as an organization event when a federation is created', async () => {
    const created = await create(w.orgB, w.ownerB);
    const events = await eventsOf(t, 'FEDERATION_SETTINGS_CREATED');
    expect(events.map((event) => [event.org_id, event.group_id, event.raw?.federationSettingsId])).toEqual([
      [w.orgA, null, expect.any(String)],
      [w.orgB, null, created.body.id],
    ]);
  });

  it('should keep a self-signed service-provider certificate and only a sealed private key when creating', async () => {
    const [row] = await sql<{ sp_certificate: string; sp_private_key: string }>(
      t,
      'SELECT sp_certificate, sp_private_key FROM federation_settings ORDER BY created LIMIT 1',
    );
    const certificate = new X509Certificate(row.sp_certificate);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(
      new Date(certificate.validTo).getTime() - new Date(certificate.validFrom).getTime(),
    ).toBeGreaterThan(9 * 365 * 24 * 3600_000);
    expect(row.sp_private_key).toMatch(/^v1:/);
    expect(row.sp_private_key).not.toContain('PRIVATE KEY');
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the caller is only a member or owns another organization', async () => {
    for (const auth of [w.memberA, w.ownerB]) {
      const response = await create(w.orgC, auth);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    expect(await sql(t, 'SELECT org_id FROM federation_connected_orgs WHERE org_id = $1', [w.orgC])).toEqual(
      [],
    );
  });

  it('should answer 404 ORG_NOT_FOUND when a global owner names an unknown organization', async () => {
    const response = await create('5df7a168f10fab3a149357ff', w.globalOwner);
    expectApiError(response, 404, 'ORG_NOT_FOUND');
  });
});
