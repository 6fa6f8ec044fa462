import { X509Certificate } from 'node:crypto';
import { ValidateBy, type ValidationOptions } from 'class-validator';

const PEM_BLOCK = /^\s*-----BEGIN CERTIFICATE-----\s*[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*$/;

// An identity provider's signing certificate as stored: the PEM and the validity it declares.
export interface StoredCertificate {
  pem: string;
  notBefore: string;
  notAfter: string;
}

// One PEM-encoded X.509 certificate, or undefined when the text is anything else.
export function parsePemCertificate(content: string): StoredCertificate | undefined {
  if (!PEM_BLOCK.test(content)) return undefined;
  try {
    const certificate = new X509Certificate(content);
    return {
      pem: certificate.toString(),
      notBefore: new Date(certificate.validFrom).toISOString(),
      notAfter: new Date(certificate.validTo).toISOString(),
    };
  } catch {
    return undefined;
  }
}

// Reported by the validation pipe as VALIDATION_ERROR naming the field, e.g. pemFileInfo.certificates[0].content.
export function IsPemCertificate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPemCertificate',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parsePemCertificate(value) !== undefined,
        defaultMessage: () => 'must be one PEM-encoded X.509 certificate',
      },
    },
    options,
  );
}
