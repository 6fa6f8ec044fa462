import { generateKeyPairSync, randomBytes, sign, type KeyPairKeyObjectResult } from 'node:crypto';

// Node can parse X.509 but not issue it, and a self-signed certificate is a few DER structures:
// writing them here avoids a dependency (node-forge, selfsigned) for one signature (RFC 5280 4.1).

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

const sequence = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts));
const NULL = Buffer.from([0x05, 0x00]);

// A non-negative INTEGER from unsigned big-endian bytes, in DER's minimal form: a leading zero byte
// only to keep the sign bit clear (OpenSSL refuses anything longer as "illegal padding").
function integer(unsigned: Buffer): Buffer {
  let start = 0;
  while (start < unsigned.length - 1 && unsigned[start] === 0) start++;
  const value = unsigned.subarray(start);
  return tlv(0x02, value.length === 0 || value[0] >= 0x80 ? Buffer.concat([Buffer.from([0]), value]) : value);
}

function objectIdentifier(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

// UTCTime up to 2049, GeneralizedTime after (RFC 5280 4.1.2.5).
function time(date: Date): Buffer {
  const iso = date.toISOString();
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '');
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${digits}Z`));
}

function commonName(name: string): Buffer {
  return sequence(set(sequence(objectIdentifier('2.5.4.3'), tlv(0x0c, Buffer.from(name, 'utf8')))));
}

const SHA256_WITH_RSA = sequence(objectIdentifier('1.2.840.113549.1.1.11'), NULL);

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export interface KeyPairWithCertificate {
  certificatePem: string;
  // PKCS#8 PEM; callers seal it before storing it.
  privateKeyPem: string;
}

// A self-signed RSA-2048 / SHA-256 certificate, the algorithm every SAML identity provider accepts.
export function selfSignedCertificate(
  subject: string,
  notBefore: Date,
  notAfter: Date,
): KeyPairWithCertificate {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Positive and at most 20 octets (RFC 5280 4.1.2.2); a non-zero first byte keeps all 16 of them.
  const serial = randomBytes(16);
  serial[0] = serial[0] & 0x7f || 1;
  return issueCertificate(subject, notBefore, notAfter, keys, serial);
}

// The DER writing, given the key pair and the serial number (unsigned big-endian bytes).
export function issueCertificate(
  subject: string,
  notBefore: Date,
  notAfter: Date,
  { privateKey, publicKey }: KeyPairKeyObjectResult,
  serial: Buffer,
): KeyPairWithCertificate {
  const name = commonName(subject);
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    SHA256_WITH_RSA,
    name,
    sequence(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return {
    certificatePem: pem('CERTIFICATE', certificate),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
