import type { Profile } from '@node-saml/node-saml';
import { claimsOf } from './assertion-claims';

// A profile as node-saml hands it over after verifying the assertion (attributes by name, the parsed
// assertion behind getAssertion).
function profile(fields: Record<string, unknown>, confirmation: Record<string, string> = {}): Profile {
  const assertion = {
    Assertion: {
      $: { ID: '_assertion-1' },
      Subject: [{ SubjectConfirmation: [{ SubjectConfirmationData: [{ $: confirmation }] }] }],
    },
  };
  return {
    issuer: 'https://idp.example',
    nameID: 'ada@Example.org',
    nameIDFormat: 'email',
    getAssertion: () => assertion,
    ...fields,
  };
}

describe('claimsOf', () => {
  it('should read the short attribute names and the bearer confirmation', () => {
    const outcome = claimsOf(
      profile(
        { firstName: 'Ada', lastName: 'Lovelace', memberOf: ['dms-admins', 'ops'] },
        { Recipient: 'https://dms.example/sso/saml2/x', NotOnOrAfter: '2030-01-01T00:00:00Z' },
      ),
    );
    expect(outcome).toEqual({
      ok: true,
      claims: {
        assertionId: '_assertion-1',
        issuer: 'https://idp.example',
        email: 'ada@Example.org',
        domain: 'example.org',
        firstName: 'Ada',
        lastName: 'Lovelace',
        groups: ['dms-admins', 'ops'],
        recipient: 'https://dms.example/sso/saml2/x',
        notOnOrAfter: new Date('2030-01-01T00:00:00Z'),
      },
    });
  });

  it('should read Azure AD claim names and a single group, and the e-mail attribute when the NameID is no address', () => {
    const outcome = claimsOf(
      profile({
        nameID: '00u1a2b3c4',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname': 'Grace',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname': 'Hopper',
        'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress': 'grace@example.org',
        'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups': 'admins',
      }),
    );
    expect(outcome.ok && outcome.claims).toMatchObject({
      email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
      groups: ['admins'],
    });
  });

  it('should refuse an assertion naming no e-mail address', () => {
    expect(claimsOf(profile({ nameID: 'someone' }))).toEqual({
      ok: false,
      reason: 'neither the NameID nor an e-mail attribute is an e-mail address',
    });
  });
});
