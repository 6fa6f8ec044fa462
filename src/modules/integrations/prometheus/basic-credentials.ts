export interface BasicCredentials {
  username: string;
  password: string;
}

// RFC 7617: `Basic base64(user-id ":" password)`; the user id cannot contain a colon, the password can.
export function parseBasicAuthorization(header: string | undefined): BasicCredentials | null {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
