import { readFileSync, rmSync, writeFileSync } from 'node:fs';

// Which service process started the Postgres of a cluster: written beside the cluster when Postgres is
// spawned, removed when the service stops it. After a kill -9 (or the OOM killer) it tells the next start
// that the Postgres still running there is the one its predecessor started.
export interface PostgresOwner {
  postmasterPid: number;
  servicePid: number;
}

function ownerFile(dataDir: string): string {
  return `${dataDir}.owner.json`;
}

export function recordOwner(dataDir: string, postmasterPid: number): void {
  const owner: PostgresOwner = { postmasterPid, servicePid: process.pid };
  writeFileSync(ownerFile(dataDir), `${JSON.stringify(owner)}\n`, { mode: 0o600 });
}

export function forgetOwner(dataDir: string): void {
  rmSync(ownerFile(dataDir), { force: true });
}

export function readOwner(dataDir: string): PostgresOwner | null {
  try {
    const { postmasterPid, servicePid } = JSON.parse(
      readFileSync(ownerFile(dataDir), 'utf8'),
    ) as PostgresOwner;
    return Number.isInteger(postmasterPid) && Number.isInteger(servicePid)
      ? { postmasterPid, servicePid }
      : null;
  } catch {
    return null;
  }
}
