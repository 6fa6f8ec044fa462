import type { ApiError } from '../http/api-error';
import type { Principal } from './principal';

export interface AuthAttempt {
  method: string;
  // The raw request target (path plus query string) exactly as received: Digest's `uri` is compared to it.
  uri: string;
  authorization: string | undefined;
  remoteAddress: string;
  // The Cookie header (a browser session, see session/browser-sessions.ts) and the X-CSRF-Token header.
  cookie?: string;
  csrfToken?: string;
}

export type AuthOutcome = { ok: true; principal: Principal } | { ok: false; error: ApiError };

// Adapter-neutral: the HTTP pipeline hands it what it read off the request, before any body is parsed.
export abstract class HttpAuthenticator {
  abstract authenticate(attempt: AuthAttempt): Promise<AuthOutcome>;

  // The refusal authenticate would answer without awaiting anything (a blocked guesser's 429), known
  // synchronously from this instance's memory; undefined otherwise, and then authenticate decides.
  abstract refusalAtOnce(attempt: AuthAttempt): ApiError | undefined;
}

// Paths served without credentials: health, first-user bootstrap, API docs, federated sign-in (/sso/:
// the login redirect, the assertion consumer service, logout, each checking what it is sent), the agent API
// (which authenticates with its own agent keys), the service's metrics, and Prometheus discovery
// (which checks the PROMETHEUS integration's HTTP Basic credentials itself).
export const PUBLIC_PATH_PREFIXES = [
  '/health',
  '/api/public/v1.0/unauth/',
  '/docs',
  '/sso/',
  '/agents/',
  '/metrics/',
  '/prometheus/v1.0/',
];

// Each prefix with its bare form (no trailing slash), worked out once: every request asks this twice.
const PUBLIC_PATHS = PUBLIC_PATH_PREFIXES.map((prefix) => [prefix, prefix.replace(/\/$/, '')] as const);

export function isPublicPath(path: string): boolean {
  for (const [prefix, bare] of PUBLIC_PATHS) if (path === bare || path.startsWith(prefix)) return true;
  return false;
}
