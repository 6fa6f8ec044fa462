import { throughMiddlewares } from '../../../../test/support/express-harness';
import { SSO_FORM_PATH, ssoFormMiddleware } from './sso-form.middleware';

describe('ssoFormMiddleware', () => {
  const acs = '/sso/saml2/0123456789abcdef0123';

  it('should parse the form an identity provider posts to the ACS', async () => {
    const answer = await throughMiddlewares([ssoFormMiddleware()], {
      method: 'POST',
      path: acs,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'SAMLResponse=PHNhbWw%2B&RelayState=',
    });
    expect(answer.status).toBe(200);
    expect((answer.json() as { body: unknown }).body).toEqual({ SAMLResponse: 'PHNhbWw+', RelayState: '' });
  });

  it('should refuse any other media type with 415 when posted to the ACS', async () => {
    const answer = await throughMiddlewares([ssoFormMiddleware()], {
      method: 'POST',
      path: acs,
      headers: { 'content-type': 'application/json' },
      body: '{"SAMLResponse":"x"}',
    });
    expect(answer.status).toBe(415);
    expect(answer.json()).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('should match only the ACS of an identity provider id', () => {
    expect(SSO_FORM_PATH.test(acs)).toBe(true);
    expect(SSO_FORM_PATH.test('/sso/saml2/0123456789abcdef0123/x')).toBe(false);
    expect(SSO_FORM_PATH.test('/sso/login')).toBe(false);
  });
});
