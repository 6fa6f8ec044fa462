import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  connectedOrgUrl,
  createFederation,
  createIdp,
  eventsOf,
  sql,
  startFederationApp,
  type FederationWorld,
  type IdentityProviderView,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('PATCH /federationSettings/{federationSettingsId}/connectedOrgConfigs/{orgId}/', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  let idp: IdentityProviderView;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    idp = await createIdp(t, w.ownerA, federationId, {
      associatedDomains: ['example.com'],
      status: 'ACTIVE',
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const patch = (
    body: Record<string, unknown>,
    options: { auth?: typeof w.ownerA; orgId?: string; fid?: string; slash?: boolean } = {},
  ) =>
    call(
      'PATCH',
      connectedOrgUrl(t, options.fid ?? federationId, options.orgId ?? w.orgA, options.slash ?? true),
      {
        auth: options.auth ?? w.ownerA,
        body,
      },
    );

  it('should connect the organization to the identity provider when the path ends with a slash', async () => {
    const response = await patch({
      domainAllowList: ['Example.com', 'example.com'],
      domainRestrictionEnabled: true,
      identityProviderId: idp.oktaIdpId,
      orgId: w.orgA,
      postAuthRoleGrants: ['ORG_MEMBER', 'ORG_MEMBER'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      domainAllowList: ['example.com'],
      domainRestrictionEnabled: true,
      identityProviderId: idp.oktaIdpId,
      orgId: w.orgA,
      postAuthRoleGrants: ['ORG_MEMBER'],
      roleMappings: [],
      userConflicts: [],
    });
    const settings = await call('GET', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA });
    expect(settings.body).toEqual({
      federatedDomains: ['example.com'],
      hasRoleMappings: false,
      id: federationId,
      identityProviderId: idp.oktaIdpId,
      identityProviderStatus: 'ACTIVE',
    });
  });

  it('should accept the path without the trailing slash and keep the lists that are omitted', async () => {
    const response = await patch(
      { domainRestrictionEnabled: true, identityProviderId: idp.oktaIdpId, orgId: w.orgA },
      { slash: false },
    );
    expect(response.status).toBe(200);
    expect(response.body.domainAllowList).toEqual(['example.com']);
    expect(response.body.postAuthRoleGrants).toEqual(['ORG_MEMBER']);
  });

  it('should list the users outside the allow list in userConflicts and null them when restriction is off', async () => {
    const restricted = await patch({
      domainAllowList: ['other.org'],
      domainRestrictionEnabled: true,
      identityProviderId: idp.oktaIdpId,
      orgId: w.orgA,
    });
    expect(restricted.body.userConflicts).toEqual([
      {
        emailAddress: 'jane.doe@example.com',
        federationSettingsId: federationId,
        firstName: 'Jane',
        lastName: 'Doe',
        userId: w.boot.user.id,
      },
    ]);
    const open = await patch({
      domainRestrictionEnabled: false,
      identityProviderId: idp.oktaIdpId,
      orgId: w.orgA,
    });
    expect(open.body.userConflicts).toBeNull();
    expect(open.body.domainAllowList).toEqual(['other.org']);
  });

  it('should disconnect from the identity provider when identityProviderId is null or omitted', async () => {
    for (const body of [{ identityProviderId: null }, {}]) {
      await patch({ domainRestrictionEnabled: false, identityProviderId: idp.oktaIdpId, orgId: w.orgA });
      const response = await patch({ domainRestrictionEnabled: false, orgId: w.orgA, ...body });
      expect(response.status).toBe(200);
      expect(response.body.identityProviderId).toBeNull();
    }
    const settings = await call('GET', `${t.apiUrl}/orgs/${w.orgA}/federationSettings`, { auth: w.ownerA });
    expect(settings.body).toMatchObject({
      identityProviderId: null,
      identityProviderStatus: null,
      federatedDomains: [],
    });
  });

  it('should accept the userConflicts a client sends back as read and refuse another value with ATTRIBUTE_READ_ONLY', async () => {
    const read = await patch({ domainRestrictionEnabled: false, orgId: w.orgA });
    expect(read.body.userConflicts).toBeNull();
    const sentBack = await patch({ domainRestrictionEnabled: false, orgId: w.orgA, userConflicts: null });
    expect(sentBack.status).toBe(200);
    expect(sentBack.body.userConflicts).toBeNull();

    const before = await call('GET', connectedOrgUrl(t, federationId, w.orgA, false), { auth: w.ownerA });
    const response = await patch({
      domainRestrictionEnabled: true,
      orgId: w.orgA,
      userConflicts: [{ userId: 'x' }],
    });
    expectApiError(response, 400, 'ATTRIBUTE_READ_ONLY', ['userConflicts']);
    const after = await call('GET', connectedOrgUrl(t, federationId, w.orgA, false), { auth: w.ownerA });
    expect(after.body).toEqual(before.body);
  });

  it('should refuse the body with the field named when a field is missing or malformed', async () => {
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ orgId: w.orgA }, 400, 'MISSING_ATTRIBUTE', 'domainRestrictionEnabled'],
      [{ domainRestrictionEnabled: false }, 400, 'MISSING_ATTRIBUTE', 'orgId'],
      [
        { domainRestrictionEnabled: 'yes', orgId: w.orgA },
        400,
        'INVALID_JSON_ATTRIBUTE',
        'domainRestrictionEnabled',
      ],
      [{ domainRestrictionEnabled: false, orgId: 'abc' }, 400, 'VALIDATION_ERROR', 'orgId'],
      [
        { domainRestrictionEnabled: false, orgId: w.orgA, identityProviderId: '0oa7i0grsgbwJiIyw357' },
        400,
        'VALIDATION_ERROR',
        'identityProviderId',
      ],
      [
        { domainRestrictionEnabled: false, orgId: w.orgA, postAuthRoleGrants: ['GROUP_OWNER'] },
        400,
        'INVALID_ENUM_VALUE',
        'postAuthRoleGrants',
      ],
      [
        { domainRestrictionEnabled: false, orgId: w.orgA, domainAllowList: ['example'] },
        400,
        'VALIDATION_ERROR',
        'domainAllowList',
      ],
      [
        { domainRestrictionEnabled: false, orgId: w.orgA, federatedDomains: [] },
        400,
        'INVALID_ATTRIBUTE',
        'federatedDomains',
      ],
      [{ domainRestrictionEnabled: false, orgId: w.orgB }, 400, 'ORG_MISMATCH', w.orgB],
    ];
    for (const [body, status, errorCode, named] of cases) {
      const response = await patch(body);
      expectApiError(response, status, errorCode, { detail: expect.stringContaining(named) });
    }
  });

  it('should refuse an identity provider of another federation with CONNECTED_ORG_CONFIG_IDP_NOT_IN_FEDERATION', async () => {
    const otherFederation = (await createFederation(t, w.ownerC, w.orgC)).id;
    const foreign = await createIdp(t, w.ownerC, otherFederation);
    for (const identityProviderId of [foreign.oktaIdpId, '0123456789abcdef0123']) {
      const response = await patch({ domainRestrictionEnabled: false, identityProviderId, orgId: w.orgA });
      expectApiError(response, 400, 'CONNECTED_ORG_CONFIG_IDP_NOT_IN_FEDERATION', {
        parameters: [identityProviderId, federationId],
        detail: `Identity provider ${identityProviderId} does not belong to federation ${federationId}.`,
      });
    }
  });

  it('should refuse to connect an organization of another federation with ORG_ALREADY_ASSOCIATED_WITH_FEDERATION', async () => {
    const response = await patch(
      { domainRestrictionEnabled: false, orgId: w.orgC },
      { orgId: w.orgC, auth: w.globalOwner },
    );
    expectApiError(response, 400, 'ORG_ALREADY_ASSOCIATED_WITH_FEDERATION', [w.orgC]);
  });

  it('should refuse to connect an organization when its owner administers no organization of the federation', async () => {
    const response = await patch(
      { domainRestrictionEnabled: false, orgId: w.orgB },
      { orgId: w.orgB, auth: w.ownerB },
    );
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
    expect(await sql(t, 'SELECT org_id FROM federation_connected_orgs WHERE org_id = $1', [w.orgB])).toEqual(
      [],
    );
  });

  it('should refuse an owner of a connected organization who does not own the organization in the path', async () => {
    const response = await patch(
      { domainRestrictionEnabled: false, orgId: w.orgB },
      { orgId: w.orgB, auth: w.ownerA },
    );
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should connect another organization when the caller owns it and one already connected', async () => {
    const response = await patch(
      { domainRestrictionEnabled: false, identityProviderId: idp.oktaIdpId, orgId: w.orgB },
      { orgId: w.orgB, auth: w.ownerAB },
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      orgId: w.orgB,
      identityProviderId: idp.oktaIdpId,
      userConflicts: null,
    });
    const list = await call('GET', `${t.apiUrl}/federationSettings/${federationId}/connectedOrgConfigs`, {
      auth: w.ownerB,
    });
    expect(list.body.results.map((config: { orgId: string }) => config.orgId)).toEqual([w.orgA, w.orgB]);
    const connected = (await eventsOf(t, 'FEDERATION_SETTINGS_UPDATED')).filter(
      (event) => event.org_id === w.orgB,
    );
    expect(connected[0]).toMatchObject({ group_id: null, raw: expect.objectContaining({ connected: true }) });
    expect(connected[0].diffs?.[0]).toMatchObject({
      status: 'NEW',
      type: 'CONNECTED_ORG_CONFIG',
      id: w.orgB,
    });
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the caller is only a member of the organization', async () => {
    const response = await patch({ domainRestrictionEnabled: true, orgId: w.orgA }, { auth: w.memberA });
    expectApiError(response, 401, 'USER_UNAUTHORIZED');
  });

  it('should answer 401 for an unknown federation to an org owner and 404 to a global owner', async () => {
    const unknown = '5e8cc670a16506712e0b1e99';
    expect((await patch({ domainRestrictionEnabled: false, orgId: w.orgA }, { fid: unknown })).status).toBe(
      401,
    );
    const global = await patch(
      { domainRestrictionEnabled: false, orgId: w.orgA },
      { fid: unknown, auth: w.globalOwner },
    );
    expectApiError(global, 404, 'FEDERATION_SETTINGS_NOT_FOUND');
  });

  it('should record FEDERATION_SETTINGS_UPDATED with the changed fields when a configuration changes', async () => {
    await patch({ domainRestrictionEnabled: false, orgId: w.orgA, postAuthRoleGrants: [] });
    await patch({ domainRestrictionEnabled: false, orgId: w.orgA, postAuthRoleGrants: ['ORG_READ_ONLY'] });
    const events = (await eventsOf(t, 'FEDERATION_SETTINGS_UPDATED')).filter(
      (event) => event.org_id === w.orgA,
    );
    expect(events[events.length - 1].diffs?.[0]).toEqual({
      id: w.orgA,
      type: 'CONNECTED_ORG_CONFIG',
      status: 'MODIFIED',
      params: [{ param: 'postAuthRoleGrants', old: [], new: ['ORG_READ_ONLY'] }],
    });
  });
});
