import { runsAsRoot } from './postgres-system-user';

// Every way the embedded Postgres can fail to start ends in this one error: the cause, then the ways
// out. Entry points print its message alone (no stack), since it is an operator's problem, not a bug.
export class EmbeddedPostgresError extends Error {
  constructor(cause: string) {
    const ways = runsAsRoot()
      ? 'set DATABASE_URL to a Postgres server to use instead, or run the service as a normal user (not root)'
      : 'set DATABASE_URL to a Postgres server to use instead';
    super(`The embedded Postgres could not start: ${cause}. To go on, ${ways}.`);
    this.name = 'EmbeddedPostgresError';
  }
}
