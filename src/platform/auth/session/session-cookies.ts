// The two cookies of a browser session. The session id is HttpOnly (no script reads it); the CSRF token
// is readable by the pages of this origin (Swagger UI copies it into X-CSRF-Token), which a page of
// another site cannot do: the double-submit pattern, checked against the hash kept with the session.
export const SESSION_COOKIE = 'dms_session';
export const CSRF_COOKIE = 'dms_csrf';
export const CSRF_HEADER = 'x-csrf-token';

// Cookie values are base64url tokens; anything else in the header is ignored.
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return TOKEN.test(value) ? value : undefined;
  }
  return undefined;
}

export interface CookieOptions {
  // Over https only: set when the request reached the service as https (directly, or through a trusted
  // proxy's X-Forwarded-Proto).
  secure: boolean;
  maxAgeSeconds: number;
}

// SameSite=Lax: the browser sends the cookie on the top-level GET that follows the identity provider's
// POST to the ACS, never on another site's form POST or fetch.
export function sessionCookies(token: string, csrfToken: string, options: CookieOptions): string[] {
  const common = `Path=/; Max-Age=${options.maxAgeSeconds}; SameSite=Lax${options.secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=${token}; ${common}; HttpOnly`, `${CSRF_COOKIE}=${csrfToken}; ${common}`];
}

export function clearedSessionCookies(secure: boolean): string[] {
  const common = `Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=; ${common}; HttpOnly`, `${CSRF_COOKIE}=; ${common}`];
}
