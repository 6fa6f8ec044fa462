import { X509Certificate } from 'node:crypto';
import { SPMetadata, ServiceProvider } from 'samlify';
import { call } from '../../support/digest-client';
import type { TestApp } from '../../support/test-app';
import {
  createFederation,
  createIdp,
  patchConnectedOrg,
  sql,
  startFederationApp,
  type FederationWorld,
  type IdentityProviderView,
} from './federation.fixture';
import { expectApiError } from '../../support/api-error';

// samlify (a dev dependency) is the SAML library a Node service provider or test IdP would use to read
// this document: parsing it with samlify proves the XML is well formed and shaped as SAML metadata.
describe('GET /federationSettings/{federationSettingsId}/identityProviders/{identityProviderId}/metadata.xml', () => {
  let t: TestApp;
  let w: FederationWorld;
  let federationId: string;
  let idp: IdentityProviderView;

  beforeAll(async () => {
    ({ t, w, federationId } = await startFederationApp());
    await patchConnectedOrg(t, w.ownerAB, federationId, w.orgB, { domainRestrictionEnabled: false });
    idp = await createIdp(t, w.ownerA, federationId);
  });

  afterAll(async () => {
    await t.close();
  });

  const url = (idpId = idp.oktaIdpId, fid = federationId) =>
    `${t.apiUrl}/federationSettings/${fid}/identityProviders/${idpId}/metadata.xml`;
  const get = (
    headers: Record<string, string> = { accept: 'application/xml' },
    auth = w.ownerA,
    target = url(),
  ) => call('GET', target, { auth, headers });

  it('should answer SAML metadata that samlify parses, naming this service and its certificate', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml');
    expect(response.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);

    const metadata = SPMetadata(response.text);
    expect(metadata.getEntityID()).toBe(idp.audienceUri);
    expect(metadata.getAssertionConsumerService('post')).toBe(idp.acsUrl);
    expect(metadata.getNameIDFormat()).toEqual(
      expect.arrayContaining(['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress']),
    );
    expect(metadata.isAuthnRequestSigned()).toBe(true);
    expect(metadata.isWantAssertionsSigned()).toBe(true);

    const [row] = await sql<{ sp_certificate: string }>(
      t,
      'SELECT sp_certificate FROM federation_settings WHERE id = $1',
      [federationId],
    );
    const stored = new X509Certificate(row.sp_certificate);
    for (const use of ['signing', 'encryption']) {
      const base64 = metadata.getX509Certificate(use);
      expect(typeof base64).toBe('string');
      const published = new X509Certificate(Buffer.from(base64 as string, 'base64'));
      expect(published.fingerprint256).toBe(stored.fingerprint256);
    }
    const sp = ServiceProvider({ metadata: response.text });
    expect(sp.entityMeta.getEntityID()).toBe(idp.audienceUri);
    expect(response.text).toContain(
      '<md:OrganizationName xml:lang="en">Deployment Management Service</md:OrganizationName>',
    );
    expect(response.text).toContain(
      '<md:EncryptionMethod Algorithm="http://www.w3.org/2009/xmlenc11#aes256-gcm"/>',
    );
  });

  it('should answer XML when the Accept header is absent, a wildcard or text/xml', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'application/xml'],
      [{ accept: '*/*' }, 'application/xml'],
      [{ accept: 'application/json;q=0.9, */*;q=0.1' }, 'application/xml'],
      [{ accept: 'text/xml' }, 'text/xml'],
    ];
    for (const [headers, contentType] of cases) {
      const response = await get(headers);
      expect({ headers, status: response.status, type: response.headers['content-type'] }).toEqual({
        headers,
        status: 200,
        type: contentType,
      });
      expect(SPMetadata(response.text).getEntityID()).toBe(idp.audienceUri);
    }
  });

  it('should answer 406 with the error body in JSON when the client accepts only JSON', async () => {
    const response = await get({ accept: 'application/json' });
    expect(response.headers['content-type']).toMatch(/^application\/json(;|$)/);
    expectApiError(response, 406, 'NOT_ACCEPTABLE', {
      parameters: ['application/json'],
      detail: 'This resource is only available as application/xml or text/xml, not as application/json.',
    });
  });

  it('should serve the same service-provider key for every provider of the federation', async () => {
    const second = await createIdp(t, w.ownerA, federationId);
    const first = SPMetadata((await get()).text);
    const other = SPMetadata((await get({}, w.ownerA, url(second.oktaIdpId))).text);
    expect(other.getEntityID()).toBe(second.audienceUri);
    expect(other.getX509Certificate('signing')).toBe(first.getX509Certificate('signing'));
  });

  it('should answer an owner of any connected organization when that organization is not the first', async () => {
    const response = await get({}, w.ownerB);
    expect(response.status).toBe(200);
  });

  it('should refuse with 401 USER_UNAUTHORIZED when the caller owns no connected organization', async () => {
    for (const [auth, target] of [
      [w.memberA, url()],
      [w.ownerC, url()],
      [w.ownerC, url(idp.oktaIdpId, '5e8cc670a16506712e0b1e99')],
    ] as const) {
      const response = await get({}, auth, target);
      expect(response.headers['content-type']).toBe('application/json;charset=ISO-8859-1');
      expectApiError(response, 401, 'USER_UNAUTHORIZED');
    }
  });

  it('should answer 404 IDENTITY_PROVIDER_NOT_FOUND when the provider is unknown, malformed or of another federation', async () => {
    const foreignFederation = (await createFederation(t, w.ownerC, w.orgC)).id;
    const foreign = await createIdp(t, w.ownerC, foreignFederation);
    for (const idpId of ['0123456789abcdef0123', 'not-an-idp', foreign.oktaIdpId]) {
      const response = await get({}, w.ownerA, url(idpId));
      expectApiError(response, 404, 'IDENTITY_PROVIDER_NOT_FOUND', [idpId, federationId]);
    }
  });

  it('should answer 404 FEDERATION_SETTINGS_NOT_FOUND when a global owner names an unknown federation', async () => {
    const response = await get({}, w.globalOwner, url(idp.oktaIdpId, '5e8cc670a16506712e0b1e99'));
    expectApiError(response, 404, 'FEDERATION_SETTINGS_NOT_FOUND');
  });
});
