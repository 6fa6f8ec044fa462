import { isPublicPath } from '../../auth/authenticator';
import { AGENT_PATH } from './agent-key.middleware';
import { FIRST_USER_PATH } from './first-user-gate.middleware';

// Accepting an invitation: the body carries the link's token (and a new person's password), never the URL.
export const INVITATION_ACCEPT_PATH = /^\/api\/public\/v1\.0\/unauth\/invitations\/accept\/?$/i;

// Public paths are served without Digest, so what their callers send is read before anyone is known.
// Only three take a body: the first-user bootstrap (checked by its gate before it is read), the agent API
// (its key, likewise) and accepting an invitation (a small JSON body under the usual limits, worth nothing
// without a token of an invitation). The others (health, metrics, Prometheus discovery, the API docs) take
// none, and a body sent to them is never read nor parsed: an anonymous caller cannot make the service
// parse what no route looks at.
export function publicBodyIgnored(path: string): boolean {
  return (
    isPublicPath(path) &&
    !FIRST_USER_PATH.test(path) &&
    !AGENT_PATH.test(path) &&
    !INVITATION_ACCEPT_PATH.test(path)
  );
}
