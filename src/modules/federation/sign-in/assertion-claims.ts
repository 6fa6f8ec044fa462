import type { Profile } from '@node-saml/node-saml';
import { emailDomain } from '../domains';

// The attributes read from a signed assertion, by the names identity providers use for them (docs/usage.md
// lists them): the short names first, then the claim URIs of Azure AD / ADFS and the LDAP OIDs.
export const FIRST_NAME_ATTRIBUTES = [
  'firstName',
  'givenName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
export const LAST_NAME_ATTRIBUTES = [
  'lastName',
  'sn',
  'surname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];
export const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
export const GROUP_ATTRIBUTES = [
  'memberOf',
  'groups',
  'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
  'http://schemas.xmlsoap.org/claims/Group',
];
// More groups than this in one assertion is refused rather than half read.
export const MAX_GROUPS = 500;

export interface AssertionClaims {
  assertionId: string;
  issuer: string;
  // The login name: the NameID when it is an e-mail address, else the e-mail attribute.
  email: string;
  domain: string;
  firstName: string;
  lastName: string;
  groups: string[];
  // SubjectConfirmationData of the bearer confirmation: where the assertion may be delivered, and until when.
  recipient: string | undefined;
  notOnOrAfter: Date | undefined;
}

export type ClaimsOutcome = { ok: true; claims: AssertionClaims } | { ok: false; reason: string };

function values(profile: Profile, names: readonly string[]): string[] {
  for (const name of names) {
    const value = profile[name];
    if (typeof value === 'string') return [value];
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  }
  return [];
}

type Node = Record<string, unknown>;

function first(node: unknown, key: string): Node | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const list = (node as Node)[key];
  return Array.isArray(list) && typeof list[0] === 'object' ? (list[0] as Node) : undefined;
}

function attribute(node: Node | undefined, name: string): string | undefined {
  const attrs = node?.$ as Record<string, unknown> | undefined;
  const value = attrs?.[name];
  return typeof value === 'string' ? value : undefined;
}

// What node-saml parsed from the assertion it verified (getAssertion: that assertion only, never the
// unsigned envelope around it).
export function claimsOf(profile: Profile): ClaimsOutcome {
  const assertion = profile.getAssertion?.().Assertion as Node | undefined;
  const assertionId = attribute(assertion, 'ID');
  if (assertionId === undefined) return { ok: false, reason: 'the assertion has no ID' };
  const confirmationData = first(
    first(first(assertion, 'Subject'), 'SubjectConfirmation'),
    'SubjectConfirmationData',
  );
  const notOnOrAfter = attribute(confirmationData, 'NotOnOrAfter');
  const email =
    emailDomain(profile.nameID) !== undefined ? profile.nameID : values(profile, EMAIL_ATTRIBUTES)[0];
  const domain = email === undefined ? undefined : emailDomain(email);
  if (email === undefined || domain === undefined) {
    return { ok: false, reason: 'neither the NameID nor an e-mail attribute is an e-mail address' };
  }
  const groups = values(profile, GROUP_ATTRIBUTES);
  if (groups.length > MAX_GROUPS) return { ok: false, reason: `more than ${MAX_GROUPS} groups` };
  return {
    ok: true,
    claims: {
      assertionId,
      issuer: profile.issuer,
      email,
      domain,
      firstName: values(profile, FIRST_NAME_ATTRIBUTES)[0] ?? '',
      lastName: values(profile, LAST_NAME_ATTRIBUTES)[0] ?? '',
      groups,
      recipient: attribute(confirmationData, 'Recipient'),
      notOnOrAfter: notOnOrAfter === undefined ? undefined : new Date(notOnOrAfter),
    },
  };
}
