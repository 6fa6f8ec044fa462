export interface BasicCredentials {
  username: string;
  password: string;
}

// `Authorization: Basic base64(user-id ":" password)` (RFC 7617): the user id cannot contain a colon, the
// password can. Used by the two non-Digest endpoints: the agent API and Prometheus discovery.
export function parseBasicCredentials(header: string | undefined): BasicCredentials | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
