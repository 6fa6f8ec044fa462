import { randomBytes } from 'node:crypto';

// The API reference's identity provider id: 20 hexadecimal digits (the product's own are 20 alphanumerics).
export const IDENTITY_PROVIDER_ID_PATTERN = /^[0-9a-f]{20}$/;

export function newIdentityProviderId(): string {
  return randomBytes(10).toString('hex');
}

export function isIdentityProviderId(value: string): boolean {
  return IDENTITY_PROVIDER_ID_PATTERN.test(value);
}
