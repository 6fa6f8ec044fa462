import {
  clearedSessionCookies,
  CSRF_COOKIE,
  readCookie,
  SESSION_COOKIE,
  sessionCookies,
} from './session-cookies';

describe('session cookies', () => {
  const token = 'a'.repeat(43);

  it('should make the session cookie HttpOnly and SameSite=Lax, and Secure only over https', () => {
    const [session, csrf] = sessionCookies(token, 'b'.repeat(43), { secure: true, maxAgeSeconds: 600 });
    expect(session).toBe(`${SESSION_COOKIE}=${token}; Path=/; Max-Age=600; SameSite=Lax; Secure; HttpOnly`);
    expect(csrf).toBe(`${CSRF_COOKIE}=${'b'.repeat(43)}; Path=/; Max-Age=600; SameSite=Lax; Secure`);
    expect(sessionCookies(token, token, { secure: false, maxAgeSeconds: 600 })[0]).not.toContain('Secure');
  });

  it('should read a cookie by name and ignore values that are no token', () => {
    expect(readCookie(`x=1; ${SESSION_COOKIE}=${token}; y=2`, SESSION_COOKIE)).toBe(token);
    expect(readCookie(`${SESSION_COOKIE}=short`, SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(`${SESSION_COOKIE}=${token}'--`, SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, SESSION_COOKIE)).toBeUndefined();
  });

  it('should clear both cookies at logout', () => {
    expect(clearedSessionCookies(false)).toEqual([
      `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`,
      `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`,
    ]);
  });
});
