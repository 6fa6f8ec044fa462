import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  createFederation,
  createIdp,
  eventsOf,
  idpBody,
  idpCertificate,
  patchConnectedOrg,
  sql,
  startFederationApp,
  type FederationWorld,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

describe('POST /federationSettings/{federationSettingsId}/identityProviders', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  let otherFederationId: string;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    otherFederationId = (await createFederation(t, w.ownerC, w.orgC)).id;
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (body: Record<string, unknown>, auth = w.ownerA, id = federationId) =>
    call('POST', `${t.apiUrl}/federationSettings/${id}/identityProviders`, { auth, body });

  it('should create an inactive SAML provider with a 20-hex id and the certificate validity when given the required fields', async () => {
    const body = idpBody({ associatedDomains: ['Example.com', 'example.com', 'corp.example.org'] });
    const response = await post(body);
    expect(response.status).toBe(200);
    const id = response.body.oktaIdpId as string;
    expect(id).toMatch(/^[0-9a-f]{20}$/);
    expect(response.body).toEqual({
      acsUrl: `${t.baseUrl}/sso/saml2/${id}`,
      associatedDomains: ['example.com', 'corp.example.org'],
      associatedOrgs: [],
      audienceUri: `${t.baseUrl}/saml2/service-provider/${id}`,
      displayName: 'Okta',
      issuerUri: body.issuerUri,
      oktaIdpId: id,
      pemFileInfo: {
        certificates: [{ notAfter: '2034-01-15T10:30:00Z', notBefore: '2024-01-15T10:30:00Z' }],
        fileName: 'okta.cert',
      },
      requestBinding: 'HTTP-POST',
      responseSignatureAlgorithm: 'SHA-256',
      ssoDebugEnabled: false,
      ssoUrl: body.ssoUrl,
      status: 'INACTIVE',
    });
  });

  it('should keep the optional settings and several certificates when they are given', async () => {
    const response = await post(
      idpBody({
        requestBinding: 'HTTP-REDIRECT',
        responseSignatureAlgorithm: 'SHA-1',
        ssoDebugEnabled: true,
        status: 'ACTIVE',
        pemFileInfo: {
          certificates: [
            { content: idpCertificate() },
            { content: idpCertificate(new Date('2025-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')) },
          ],
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      requestBinding: 'HTTP-REDIRECT',
      responseSignatureAlgorithm: 'SHA-1',
      ssoDebugEnabled: true,
      status: 'ACTIVE',
      pemFileInfo: {
        certificates: [
          { notAfter: '2034-01-15T10:30:00Z', notBefore: '2024-01-15T10:30:00Z' },
          { notAfter: '2026-01-01T00:00:00Z', notBefore: '2025-01-01T00:00:00Z' },
        ],
        fileName: null,
      },
    });
  });

  it('should refuse a certificate that is not PEM with 400 naming the field', async () => {
    for (const content of [
      'not a certificate',
      '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----',
    ]) {
      const response = await post(idpBody({ pemFileInfo: { certificates: [{ content }] } }));
      expectApiError(response, 400, 'VALIDATION_ERROR', [
        'pemFileInfo.certificates[0].content',
        'must be one PEM-encoded X.509 certificate',
      ]);
    }
  });

  it('should name the missing or invalid field when the body breaks the rules', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [idpBody({ displayName: undefined }), 'MISSING_ATTRIBUTE', 'displayName'],
      [idpBody({ issuerUri: undefined }), 'MISSING_ATTRIBUTE', 'issuerUri'],
      [idpBody({ ssoUrl: undefined }), 'MISSING_ATTRIBUTE', 'ssoUrl'],
      [idpBody({ pemFileInfo: undefined }), 'MISSING_ATTRIBUTE', 'pemFileInfo'],
      [idpBody({ pemFileInfo: { certificates: [] } }), 'VALIDATION_ERROR', 'pemFileInfo.certificates'],
      [idpBody({ ssoUrl: 'ftp://idp.example.com/sso' }), 'VALIDATION_ERROR', 'ssoUrl'],
      [idpBody({ issuerUri: 'not a uri' }), 'VALIDATION_ERROR', 'issuerUri'],
      [idpBody({ requestBinding: 'HTTP-ARTIFACT' }), 'INVALID_ENUM_VALUE', 'requestBinding'],
      [
        idpBody({ responseSignatureAlgorithm: 'SHA-512' }),
        'INVALID_ENUM_VALUE',
        'responseSignatureAlgorithm',
      ],
      [idpBody({ status: 'ENABLED' }), 'INVALID_ENUM_VALUE', 'status'],
      [idpBody({ associatedDomains: ['not_a_domain'] }), 'VALIDATION_ERROR', 'associatedDomains'],
      [idpBody({ displayName: 'x'.repeat(51) }), 'VALIDATION_ERROR', 'displayName'],
      [idpBody({ oktaIdpId: '0123456789abcdef0123' }), 'INVALID_ATTRIBUTE', 'oktaIdpId'],
    ];
    for (const [body, errorCode, field] of cases) {
      const response = await post(body);
      expectApiError(response, 400, errorCode, { detail: expect.stringContaining(field) });
    }
  });

  it('should answer 409 when the issuer is taken in the federation and 400 when another federation holds it', async () => {
    const taken = await createIdp(t, w.ownerA, federationId);
    const same = await post(idpBody({ issuerUri: taken.issuerUri }));
    expectApiError(same, 409, 'IDENTITY_PROVIDER_ISSUER_URI_ALREADY_EXISTS');
    const other = await post(idpBody({ issuerUri: taken.issuerUri }), w.ownerC, otherFederationId);
    expectApiError(other, 400, 'IDENTITY_PROVIDER_ALREADY_ASSOCIATED_WITH_FEDERATION', [taken.issuerUri]);
  });

  it('should refuse with 401 when the caller owns no connected organization, whether the federation exists or not', async () => {
    const before = await sql(t, 'SELECT id FROM federation_identity_providers');
    for (const [auth, id] of [
      [w.memberA, federationId],
      [w.ownerB, federationId],
      [w.ownerB, '5e8cc670a16506712e0b1e99'],
      [w.ownerB, 'not-an-id'],
    ] as const) {
      const response = await post(idpBody(), auth, id);
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
    expect(await sql(t, 'SELECT id FROM federation_identity_providers')).toEqual(before);
  });

  it('should answer 404 FEDERATION_SETTINGS_NOT_FOUND to a global owner naming an unknown federation', async () => {
    const response = await post(idpBody(), w.globalOwner, '5e8cc670a16506712e0b1e99');
    expectApiError(response, 404, 'FEDERATION_SETTINGS_NOT_FOUND', {
      detail: 'No federation settings with ID 5e8cc670a16506712e0b1e99 exist.',
    });
  });

  it('should record IDENTITY_PROVIDER_CREATED in every connected organization when a provider is created', async () => {
    await patchConnectedOrg(t, w.ownerAB, federationId, w.orgB, { domainRestrictionEnabled: false });
    const created = await createIdp(t, w.ownerB, federationId);
    const events = (await eventsOf(t, 'IDENTITY_PROVIDER_CREATED')).filter(
      (event) => event.raw?.identityProviderId === created.oktaIdpId,
    );
    expect(events.map((event) => event.org_id).sort()).toEqual([w.orgA, w.orgB].sort());
    expect(events[0].raw).toMatchObject({ federationSettingsId: federationId });
    expect(events[0].diffs?.[0]).toMatchObject({
      id: created.oktaIdpId,
      status: 'NEW',
      type: 'IDENTITY_PROVIDER',
    });
  });
});
