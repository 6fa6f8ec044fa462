import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import * as samlp from 'samlp';
import { SamlLib } from 'samlify';
import { selfSignedCertificate } from '../../../src/modules/federation/saml/self-signed-certificate';
import { certificateBody } from '../../../src/modules/federation/saml/sp-metadata.xml';
import { request } from '../../support/checked-request';
import { call, type ApiResponse } from '../../support/digest-client';
import { uniqueName } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import {
  createFederation,
  createIdp,
  federationWorld,
  patchConnectedOrg,
  roleMappingsUrl,
  sql,
  expectStatus,
  type FederationWorld,
  type IdentityProviderView,
} from './federation.fixture';
import { startTestApp } from '../../support/test-app';
import type { Clock } from '../../../src/platform/clock/clock';

// The person an identity provider says is signed in, with the attributes it sends (docs/usage.md).
export interface IdpPerson {
  email: string;
  firstName: string;
  lastName: string;
  groups: string[];
}

// An identity provider nobody here wrote: auth0's samlp middleware in an Express server. Its
// /sso answers an AuthnRequest (HTTP-Redirect binding, whose signature it checks with the service
// provider's certificate) with a signed assertion for `person`, posted by the browser to the ACS.
export interface TestIdp {
  issuer: string;
  ssoUrl: string;
  certificatePem: string;
  privateKeyPem: string;
  person: IdpPerson;
  // Set once the identity provider is registered with the service.
  sp: { acsUrl: string; audience: string; certificatePem: string };
  close(): Promise<void>;
}

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export function profileMapper(person: IdpPerson) {
  return {
    getClaims: () => ({
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      memberOf: person.groups,
    }),
    getNameIdentifier: () => ({ nameIdentifier: person.email, nameIdentifierFormat: EMAIL_FORMAT }),
  };
}

export async function startTestIdp(person: IdpPerson): Promise<TestIdp> {
  const keys = selfSignedCertificate(
    'idp.samlp.test',
    new Date(Date.now() - 86_400_000),
    new Date(Date.now() + 365 * 86_400_000),
  );
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: TestIdp = {
    issuer: `${origin}/metadata`,
    ssoUrl: `${origin}/sso`,
    certificatePem: keys.certificatePem,
    privateKeyPem: keys.privateKeyPem,
    person,
    sp: { acsUrl: '', audience: '', certificatePem: '' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  app.get('/sso', (req, res, next) =>
    samlp.auth({
      issuer: idp.issuer,
      cert: idp.certificatePem,
      key: idp.privateKeyPem,
      recipient: idp.sp.acsUrl,
      destination: idp.sp.acsUrl,
      signingCert: idp.sp.certificatePem,
      profileMapper: () => profileMapper(idp.person),
      getUserFromRequest: () => idp.person,
      getPostURL: (_audience, _request, _req, callback) => callback(null, idp.sp.acsUrl),
    })(req, res, next),
  );
  return idp;
}

// A response as the identity provider would make it, with any option changed (the negative tests).
export function craftResponse(
  idp: TestIdp,
  options: { inResponseTo: string } & Partial<samlp.SamlpOptionsOverride>,
  person: IdpPerson = idp.person,
): Promise<string> {
  return new Promise((resolve, reject) =>
    samlp.getSamlResponse(
      {
        issuer: idp.issuer,
        cert: idp.certificatePem,
        key: idp.privateKeyPem,
        audience: idp.sp.audience,
        recipient: idp.sp.acsUrl,
        destination: idp.sp.acsUrl,
        signatureAlgorithm: 'rsa-sha256',
        digestAlgorithm: 'sha256',
        profileMapper: () => profileMapper(person),
        ...options,
      },
      person,
      (error, response) =>
        error || response === undefined ? reject(error ?? new Error('no response')) : resolve(response),
    ),
  );
}

const ASSERTION = "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";

// A response whose assertion has the ID given, signed with the identity provider's key as samlp signs
// (RSA-SHA256, the signature after the assertion's Issuer). samlp gives every assertion a fresh ID, so
// the assertion is made unsigned, given `assertionId`, then signed with samlify's XML signer.
export async function craftResponseWithAssertionId(
  idp: TestIdp,
  options: { inResponseTo: string },
  assertionId: string,
): Promise<string> {
  const unsigned = await craftResponse(idp, { ...options, signAssertion: false });
  const renamed = unsigned.replace(/(<saml:Assertion\b[^>]*?\sID=")[^"]+"/, `$1${assertionId}"`);
  if (!renamed.includes(`ID="${assertionId}"`)) throw new Error('no assertion ID to replace');
  return SamlLib.constructSAMLSignature({
    rawSamlMessage: renamed,
    referenceTagXPath: ASSERTION,
    privateKey: idp.privateKeyPem,
    signingCert: certificateBody(idp.certificatePem),
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    isBase64Output: false,
    signatureConfig: {
      location: { reference: `${ASSERTION}/*[local-name(.)='Issuer']`, action: 'after' },
    },
  });
}

// The id of an AuthnRequest the service sent (GET /sso/login, redirect binding, not followed).
export async function issuedRequestId(t: TestApp, email: string): Promise<string> {
  const response = await browserRequest('GET', `${t.baseUrl}/sso/login?email=${encodeURIComponent(email)}`);
  expectStatus(response, 302, 'GET /sso/login');
  const location = new URL(String(response.headers.location));
  const SAMLRequest = location.searchParams.get('SAMLRequest') ?? '';
  return new Promise((resolve, reject) =>
    samlp.parseRequest({ query: { SAMLRequest } }, {}, (error, request) =>
      error || !request ? reject(error ?? new Error('no request')) : resolve(request.id),
    ),
  );
}

export function postToAcs(baseUrl: string, identityProviderId: string, xml: string): Promise<ApiResponse> {
  const form = new URLSearchParams({ SAMLResponse: Buffer.from(xml).toString('base64'), RelayState: '' });
  return browserRequest('POST', `${baseUrl}/sso/saml2/${identityProviderId}`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    content: form.toString(),
  });
}

// A request as a browser would send it to the sign-in routes, redirects not followed (the tests look at
// where they point).
export async function browserRequest(
  method: 'GET' | 'POST',
  url: string,
  options: { headers?: Record<string, string>; content?: string } = {},
): Promise<ApiResponse> {
  const response = await request(url, { method, followRedirect: false, timeout: 30000, ...options });
  const text = String(response.data ?? '');
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body, text };
}

export interface SignInWorld {
  t: TestApp;
  w: FederationWorld;
  federationId: string;
  idp: TestIdp;
  provider: IdentityProviderView;
  adminsMappingId: string;
}

// The app, organization A connected to a federation whose active identity provider is the samlp server
// for example.org; A grants ORG_MEMBER after sign-in and maps the group dms-admins to GROUP_OWNER of
// project A.
export async function startSignInWorld(
  person: IdpPerson,
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<SignInWorld> {
  const t = await startTestApp(env, clock);
  const w = await federationWorld(t);
  const federationId = (await createFederation(t, w.ownerA, w.orgA)).id;
  const idp = await startTestIdp(person);
  const provider = await createIdp(t, w.ownerA, federationId, {
    displayName: 'samlp',
    issuerUri: idp.issuer,
    ssoUrl: idp.ssoUrl,
    pemFileInfo: { certificates: [{ content: idp.certificatePem }], fileName: 'samlp.pem' },
    requestBinding: 'HTTP-REDIRECT',
    responseSignatureAlgorithm: 'SHA-256',
    associatedDomains: ['example.org'],
    status: 'ACTIVE',
  });
  const [settings] = await sql<{ sp_certificate: string }>(
    t,
    'SELECT sp_certificate FROM federation_settings WHERE id = $1',
    [federationId],
  );
  idp.sp = {
    acsUrl: String(provider.acsUrl),
    audience: String(provider.audienceUri),
    certificatePem: settings.sp_certificate,
  };
  await patchConnectedOrg(t, w.ownerA, federationId, w.orgA, {
    identityProviderId: provider.oktaIdpId,
    postAuthRoleGrants: ['ORG_MEMBER'],
    domainAllowList: ['example.org'],
    domainRestrictionEnabled: false,
  });
  const mapping = await call('POST', roleMappingsUrl(t, federationId, w.orgA), {
    auth: w.ownerA,
    body: {
      externalGroupName: 'dms-admins',
      roleAssignments: [{ groupId: w.projectA, role: 'GROUP_OWNER' }],
    },
  });
  expectStatus(mapping, 200, 'POST roleMappings');
  return { t, w, federationId, idp, provider, adminsMappingId: String(mapping.body.id) };
}

export function person(overrides: Partial<IdpPerson> = {}): IdpPerson {
  return {
    email: `${uniqueName('ada')}@example.org`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    groups: ['dms-admins'],
    ...overrides,
  };
}

// The roles the user holds now, as the database has them (role_name, org_id, group_id).
export async function rolesOf(t: TestApp, username: string): Promise<string[]> {
  const rows = await sql<{ role_name: string; org_id: string | null; group_id: string | null }>(
    t,
    `SELECT r.role_name, r.org_id, r.group_id FROM user_roles r JOIN users u ON u.id = r.user_id
     WHERE u.username = $1 ORDER BY r.role_name`,
    [username],
  );
  return rows.map((row) => `${row.role_name}@${row.org_id ?? row.group_id ?? 'global'}`);
}

// Signs the person in through the ACS (no browser) and returns the Cookie header a browser would send.
export async function signInCookies(
  s: SignInWorld,
  who: IdpPerson = s.idp.person,
): Promise<{ cookie: string; csrf: string }> {
  const xml = await craftResponse(s.idp, { inResponseTo: await issuedRequestId(s.t, who.email) }, who);
  const response = await postToAcs(s.t.baseUrl, s.provider.oktaIdpId, xml);
  expectStatus(response, 303, 'POST /sso/saml2/{idpId}');
  const pairs = ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  const csrf = pairs.find((pair) => pair.startsWith('dms_csrf='))?.slice('dms_csrf='.length) ?? '';
  return { cookie: pairs.join('; '), csrf };
}
