import { createHash, randomBytes } from 'node:crypto';

const TOKEN_BYTES = 32;
// base64url of 32 bytes.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// The secret of an invitation link: 256 random bits, shown once in the e-mail. Only its SHA-256 is kept,
// which is enough for a value that cannot be guessed (no salt or slow hash needed, unlike a password).
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: invitationTokenHash(token) };
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isInvitationTokenShaped(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
