import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { selfSignedCertificate } from '../../../src/modules/federation/saml/self-signed-certificate';
import { expectApiError } from '../../support/api-error';
import { call } from '../../support/digest-client';
import { startInstance } from '../deliveries/deliveries.fixture';
import { SystemClock } from '../../../src/platform/clock/clock';
import { eventsOf, sql } from './federation.fixture';
import {
  craftResponse,
  craftResponseWithAssertionId,
  issuedRequestId,
  person,
  postToAcs,
  rolesOf,
  signInCookies,
  startSignInWorld,
  type SignInWorld,
} from './saml-idp.fixture';

// The assertion consumer service without a browser: responses made by the samlp identity provider's own
// code (getSamlResponse), some of them altered the way an attacker would.
describe('POST /sso/saml2/{identityProviderId}', () => {
  let s: SignInWorld;
  let second: INestApplication | undefined;

  beforeAll(async () => {
    s = await startSignInWorld(person());
  });

  afterAll(async () => {
    await second?.close();
    await s.idp.close();
    await s.t.close();
  });

  const acs = (xml: string, baseUrl = s.t.baseUrl) => postToAcs(baseUrl, s.provider.oktaIdpId, xml);
  const rejected = (reason: string) => (response: Awaited<ReturnType<typeof acs>>) => {
    expectApiError(response, 401, 'SAML_RESPONSE_REJECTED', [reason]);
  };
  const fresh = async (who = s.idp.person) => issuedRequestId(s.t, who.email);

  it('should sign the person in with a session cookie and the granted roles when the response is valid', async () => {
    const ada = person();
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh(ada) }, ada);
    const response = await acs(xml);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/docs');
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('dms_session='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('dms_session='))).toMatch(/SameSite=Lax/);
    expect(await rolesOf(s.t, ada.email)).toEqual([`GROUP_OWNER@${s.w.projectA}`, `ORG_MEMBER@${s.w.orgA}`]);
    const signIns = (await eventsOf(s.t, 'FEDERATED_SIGN_IN')).filter((e) => e.raw?.identityProviderId);
    expect(signIns.length).toBeGreaterThan(0);
  });

  it('should refuse a response signed with another certificate', async () => {
    const other = selfSignedCertificate(
      'evil.example',
      new Date(Date.now() - 86_400_000),
      new Date(Date.now() + 86_400_000),
    );
    const xml = await craftResponse(s.idp, {
      inResponseTo: await fresh(),
      cert: other.certificatePem,
      key: other.privateKeyPem,
    });
    rejected('signature')(await acs(xml));
  });

  it('should refuse an assertion changed after it was signed', async () => {
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh() });
    const tampered = xml.replace(`>${s.idp.person.email}<`, '>root@example.org<');
    expect(tampered).not.toBe(xml);
    rejected('signature')(await acs(tampered));
  });

  it('should refuse a signed assertion wrapped inside an unsigned one naming someone else', async () => {
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh() });
    const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)?.[0] ?? '';
    expect(signed).not.toBe('');
    // The attacker's assertion: the same, unsigned, for another person, with the genuine one kept
    // inside it (as Advice) so a careless verifier still finds a valid signature.
    const evil = signed
      .replace(/<Signature[\s\S]*<\/Signature>/, '')
      .replace(/ID="[^"]+"/, 'ID="_evil"')
      .replace(`>${s.idp.person.email}<`, '>root@example.org<')
      .replace('</saml:Assertion>', `<saml:Advice>${signed}</saml:Advice></saml:Assertion>`);
    rejected('signature')(await acs(xml.replace(signed, evil)));
  });

  it('should refuse an assertion for another audience', async () => {
    const xml = await craftResponse(s.idp, {
      inResponseTo: await fresh(),
      audience: 'https://other.example/sp',
    });
    rejected('audience')(await acs(xml));
  });

  it('should refuse an assertion for another recipient', async () => {
    const xml = await craftResponse(s.idp, {
      inResponseTo: await fresh(),
      recipient: 'https://other.example/sso/saml2/acs',
    });
    rejected('recipient')(await acs(xml));
  });

  it('should refuse a response addressed to another destination', async () => {
    const xml = await craftResponse(s.idp, {
      inResponseTo: await fresh(),
      destination: 'https://other.example/sso/saml2/acs',
    });
    rejected('destination')(await acs(xml));
  });

  it('should refuse an expired assertion', async () => {
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh(), lifetimeInSeconds: -120 });
    rejected('time')(await acs(xml));
  });

  it('should refuse an answer to a request this service never sent', async () => {
    const xml = await craftResponse(s.idp, { inResponseTo: '_0123456789abcdef0123456789abcdef' });
    rejected('in-response-to')(await acs(xml));
  });

  it('should refuse a person whose e-mail domain is not among the associated domains', async () => {
    const mallory = person({ email: 'mallory@elsewhere.net' });
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh() }, mallory);
    rejected('domain')(await acs(xml));
    expect(await sql(s.t, 'SELECT 1 FROM users WHERE username = $1', [mallory.email])).toEqual([]);
  });

  it('should refuse the same response posted again, to this instance and to another', async () => {
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh() });
    expect((await acs(xml)).status).toBe(303);
    expect((await acs(xml)).status).toBe(401);
    second = await startInstance(s.t, new SystemClock(), {});
    await second.listen(0, '127.0.0.1');
    const port = (second.getHttpServer().address() as { port: number }).port;
    expect((await acs(xml, `http://127.0.0.1:${port}`)).status).toBe(401);
  });

  it('should accept one of two copies of a response posted at once to two instances', async () => {
    expect(second).toBeDefined();
    const port = (second!.getHttpServer().address() as { port: number }).port;
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh() });
    const answers = await Promise.all([acs(xml), acs(xml, `http://127.0.0.1:${port}`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([303, 401]);
  });

  // A response posted again is refused by its InResponseTo first (each request is answered once); this
  // one answers a new request of ours, so only the record of used assertion ids refuses it.
  it('should refuse an assertion id used before when it comes back answering another request', async () => {
    expect(second).toBeDefined();
    const port = (second!.getHttpServer().address() as { port: number }).port;
    const assertionId = `_${randomBytes(16).toString('hex')}`;
    const once = await craftResponseWithAssertionId(s.idp, { inResponseTo: await fresh() }, assertionId);
    expect((await acs(once)).status).toBe(303);
    const again = await craftResponseWithAssertionId(s.idp, { inResponseTo: await fresh() }, assertionId);
    rejected('replayed')(await acs(again));
    const elsewhere = await craftResponseWithAssertionId(s.idp, { inResponseTo: await fresh() }, assertionId);
    rejected('replayed')(await acs(elsewhere, `http://127.0.0.1:${port}`));
    // The same making with a new id is accepted: what was refused above is the id alone.
    const otherId = `_${randomBytes(16).toString('hex')}`;
    const other = await craftResponseWithAssertionId(s.idp, { inResponseTo: await fresh() }, otherId);
    expect((await acs(other)).status).toBe(303);
  });

  it('should sign in the existing user when the identity provider changes the case of the e-mail address', async () => {
    const ada = person();
    await signInCookies(s, ada);
    // The domain too: the associated domains (example.org) are compared ignoring case.
    const shouting = { ...ada, email: ada.email.toUpperCase(), firstName: 'ADA' };
    const { cookie } = await signInCookies(s, shouting);
    const users = await sql<{ username: string; first_name: string }>(
      s.t,
      'SELECT username, first_name FROM users WHERE lower(username) = lower($1)',
      [ada.email],
    );
    expect(users).toEqual([{ username: ada.email, first_name: 'ADA' }]);
    expect(await rolesOf(s.t, ada.email)).toEqual([`GROUP_OWNER@${s.w.projectA}`, `ORG_MEMBER@${s.w.orgA}`]);
    const me = await call('GET', `${s.t.apiUrl}/users/byName/${encodeURIComponent(ada.email)}`, {
      headers: { cookie },
    });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(ada.email);
    const signIns = await sql<{ username: string; target: string }>(
      s.t,
      `SELECT username, subject->>'targetUsername' AS target FROM events
        WHERE event_type_name = 'FEDERATED_SIGN_IN' AND lower(username) = lower($1)`,
      [ada.email],
    );
    expect(signIns).toEqual([
      { username: ada.email, target: ada.email },
      { username: ada.email, target: ada.email },
    ]);
  });

  it('should refuse a valid response when the identity provider is inactive', async () => {
    const xml = await craftResponse(s.idp, { inResponseTo: await fresh() });
    const url = `${s.t.apiUrl}/federationSettings/${s.federationId}/identityProviders/${s.provider.oktaIdpId}`;
    expect((await call('PATCH', url, { auth: s.w.ownerA, body: { status: 'INACTIVE' } })).status).toBe(200);
    try {
      rejected('inactive-provider')(await acs(xml));
    } finally {
      expect((await call('PATCH', url, { auth: s.w.ownerA, body: { status: 'ACTIVE' } })).status).toBe(200);
    }
  });
});
