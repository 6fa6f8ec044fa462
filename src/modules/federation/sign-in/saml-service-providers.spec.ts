import type { IdentityProviderEntity } from '../identity-providers/identity-provider.entity';
import { currentCertificates } from './saml-service-providers';

describe('currentCertificates', () => {
  const provider = {
    certificates: [
      { pem: 'expired', notBefore: '2020-01-01T00:00:00.000Z', notAfter: '2021-01-01T00:00:00.000Z' },
      { pem: 'current', notBefore: '2024-01-01T00:00:00.000Z', notAfter: '2034-01-01T00:00:00.000Z' },
      { pem: 'future', notBefore: '2033-01-01T00:00:00.000Z', notAfter: '2043-01-01T00:00:00.000Z' },
    ],
  } as IdentityProviderEntity;

  it('should keep only the certificates valid at that moment', () => {
    expect(currentCertificates(provider, new Date('2026-06-01T00:00:00Z'))).toEqual(['current']);
    expect(currentCertificates(provider, new Date('2033-06-01T00:00:00Z'))).toEqual(['current', 'future']);
    expect(currentCertificates(provider, new Date('2050-01-01T00:00:00Z'))).toEqual([]);
  });
});
