import { isPublicPath } from '../../auth/authenticator';
import { AGENT_PATH } from './agent-key.middleware';
import { FIRST_USER_PATH } from './first-user-gate.middleware';

// Public paths are served without Digest, so what their callers send is read before anyone is known.
// Only two take a body, each checked before it is read: the first-user bootstrap (its gate) and the agent
// API (its key). The others (health, metrics, Prometheus discovery, the API docs) take none, and a body
// sent to them is never read nor parsed: an anonymous caller cannot make the service parse what no route
// looks at.
export function publicBodyIgnored(path: string): boolean {
  return isPublicPath(path) && !FIRST_USER_PATH.test(path) && !AGENT_PATH.test(path);
}
