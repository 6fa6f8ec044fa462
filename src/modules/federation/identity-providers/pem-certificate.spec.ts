import { selfSignedCertificate } from '../saml/self-signed-certificate';
import { parsePemCertificate } from './pem-certificate';

describe('parsePemCertificate', () => {
  const { certificatePem, privateKeyPem } = selfSignedCertificate(
    'idp.example.com',
    new Date('2024-01-01T00:00:00Z'),
    new Date('2029-01-01T00:00:00Z'),
  );

  it('should read the validity of a PEM certificate when it is well formed', () => {
    expect(parsePemCertificate(certificatePem)).toEqual({
      pem: certificatePem,
      notBefore: '2024-01-01T00:00:00.000Z',
      notAfter: '2029-01-01T00:00:00.000Z',
    });
  });

  it('should refuse text that is not exactly one certificate when given a key, garbage or two blocks', () => {
    expect(parsePemCertificate(privateKeyPem)).toBeUndefined();
    expect(parsePemCertificate('hello')).toBeUndefined();
    expect(
      parsePemCertificate('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----'),
    ).toBeUndefined();
    expect(parsePemCertificate(`${certificatePem}${certificatePem}`)).toBeUndefined();
  });
});
