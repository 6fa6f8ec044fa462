import { runsAsRoot } from './postgres-system-user';

// Every way the embedded Postgres can fail to start ends in this one error: the cause, then the ways
// out (by default the ones that help when running as root is the cause). Entry points print its message
// alone (no stack), since it is an operator's problem, not a bug.
export class EmbeddedPostgresError extends Error {
  constructor(cause: string, ways = defaultWays()) {
    super(`The embedded Postgres could not start: ${cause}. To go on, ${ways}.`);
    this.name = 'EmbeddedPostgresError';
  }
}

function defaultWays(): string {
  return runsAsRoot()
    ? 'set DATABASE_URL to a Postgres server to use instead, or run the service as a normal user (not root)'
    : 'set DATABASE_URL to a Postgres server to use instead';
}
