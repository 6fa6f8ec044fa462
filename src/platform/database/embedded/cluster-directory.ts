import { createHash } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ensureRootOwnedDirectory } from './postgres-binaries';
import { type SystemUser, userCan } from './postgres-system-user';

// Where clusters go when root asked for a directory its postgres user cannot reach.
export const RELOCATED_CLUSTERS_DIR = '/var/lib/dms-embedded-postgres';

export interface ClusterDirectory {
  path: string;
  /** Set when the cluster is not where it was asked for, saying where and why. */
  notice: string | null;
}

// As root, Postgres runs as its own user, which must reach the data directory. The directory holding it
// (DATA_DIR, the service's own) is made searchable when it is not (search only: nothing listed). A
// directory above it that user cannot enter (a clone under Debian's 0700 /root, say) is never widened:
// the cluster then lives under RELOCATED_CLUSTERS_DIR instead, at a path derived from the one asked for,
// so every start of the same checkout finds its data again.
export function placeCluster(requested: string, runAs: SystemUser | null): ClusterDirectory {
  const parent = dirname(requested);
  mkdirSync(parent, { recursive: true });
  if (!runAs) return { path: requested, notice: null };
  let path = requested;
  let notice: string | null = null;
  if (userCan(runAs, '-x', dirname(parent))) {
    if (!userCan(runAs, '-x', parent)) chmodSync(parent, statSync(parent).mode | 0o011);
  } else {
    const digest = createHash('sha256').update(requested).digest('hex').slice(0, 12);
    ensureRootOwnedDirectory(RELOCATED_CLUSTERS_DIR);
    path = join(RELOCATED_CLUSTERS_DIR, `${basename(dirname(parent))}-${digest}`);
    notice =
      `the "${runAs.name}" user Postgres runs as cannot enter a directory above ${requested}; ` +
      `its data lives in ${path} instead`;
  }
  mkdirSync(path, { recursive: true });
  chownSync(path, runAs.uid, runAs.gid);
  chmodSync(path, 0o700);
  return { path, notice };
}
