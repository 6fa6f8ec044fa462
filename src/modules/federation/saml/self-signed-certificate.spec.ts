import { X509Certificate, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { issueCertificate, selfSignedCertificate } from './self-signed-certificate';

describe('selfSignedCertificate', () => {
  const notBefore = new Date('2024-01-15T10:30:00Z');

  it('should issue a certificate that node parses, signed by its own key, with the requested validity', () => {
    const notAfter = new Date('2034-01-15T10:30:00Z');
    const issued = selfSignedCertificate('Federation 5e8cc670a16506712e0b1e95', notBefore, notAfter);
    const certificate = new X509Certificate(issued.certificatePem);
    expect(certificate.subject).toBe('CN=Federation 5e8cc670a16506712e0b1e95');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(new Date(certificate.validFrom).toISOString()).toBe('2024-01-15T10:30:00.000Z');
    expect(new Date(certificate.validTo).toISOString()).toBe('2034-01-15T10:30:00.000Z');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.checkPrivateKey(createPrivateKey(issued.privateKeyPem))).toBe(true);
    expect(certificate.publicKey.asymmetricKeyType).toBe('rsa');
    expect(createPublicKey(issued.privateKeyPem).asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('should encode validity after 2049 as GeneralizedTime when the certificate lives that long', () => {
    const issued = selfSignedCertificate('long lived', notBefore, new Date('2060-06-30T23:59:59Z'));
    expect(new Date(new X509Certificate(issued.certificatePem).validTo).toISOString()).toBe(
      '2060-06-30T23:59:59.000Z',
    );
  });

  it('should draw a different key and serial number for every certificate', () => {
    const notAfter = new Date('2030-01-01T00:00:00Z');
    const first = new X509Certificate(selfSignedCertificate('a', notBefore, notAfter).certificatePem);
    const second = new X509Certificate(selfSignedCertificate('a', notBefore, notAfter).certificatePem);
    expect(first.serialNumber).not.toBe(second.serialNumber);
    expect(first.fingerprint256).not.toBe(second.fingerprint256);
  });

  // One serial in 256 started 0x00 then a byte below 0x80: a non-minimal INTEGER that OpenSSL refuses
  // ("illegal padding"), so about one identity provider in 256 got a certificate nobody could read.
  it('should write every serial number as a minimal DER integer that OpenSSL parses back', () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const notAfter = new Date('2030-01-01T00:00:00Z');
    const serials = fc.oneof(
      fc.uint8Array({ minLength: 1, maxLength: 20 }),
      fc
        .tuple(fc.constantFrom(0x00, 0x7f, 0x80, 0xff), fc.uint8Array({ minLength: 1, maxLength: 19 }))
        .map(([first, rest]) => Uint8Array.from([first, ...rest])),
      fc.uint8Array({ minLength: 0, maxLength: 18 }).map((rest) => Uint8Array.from([0, 0, 0x7f, ...rest])),
    );
    fc.assert(
      fc.property(serials, (bytes) => {
        const serial = Buffer.from(bytes);
        const issued = issueCertificate('serials', notBefore, notAfter, keys, serial);
        const certificate = new X509Certificate(issued.certificatePem);
        expect(BigInt(`0x${certificate.serialNumber}`)).toBe(BigInt(`0x${serial.toString('hex')}`));
        expect(certificate.verify(certificate.publicKey)).toBe(true);
      }),
      { seed: 20261122, numRuns: 300 },
    );
  });
});
