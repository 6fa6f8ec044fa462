import { spawnSync } from 'node:child_process';

export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

const NAME = 'postgres';

export function runsAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function idOf(flag: '-u' | '-g'): number | undefined {
  const result = spawnSync('id', [flag, NAME], { encoding: 'utf8' });
  const value = Number.parseInt(result.stdout ?? '', 10);
  return result.status === 0 && Number.isInteger(value) ? value : undefined;
}

function run(command: string, args: string[]): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) return `${command}: ${result.error.message}`;
  return result.status === 0
    ? null
    : `${command}: ${(result.stderr ?? '').trim() || `exit ${result.status}`}`;
}

// Postgres refuses to run as root, so as root it runs as the `postgres` system user (created, without a
// home or a login shell, when the machine has none). Returns null when not root.
export function postgresUserWhenRoot(): SystemUser | null {
  if (!runsAsRoot()) return null;
  if (idOf('-u') === undefined) {
    // groupadd fails harmlessly when only the group exists; useradd's answer is the one that matters.
    run('groupadd', ['--system', NAME]);
    const failure = run('useradd', [
      '--system',
      '--gid',
      NAME,
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      NAME,
    ]);
    if (failure)
      throw new Error(`running as root, it needs a "${NAME}" user, which could not be created (${failure})`);
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === undefined || gid === undefined) throw new Error(`the "${NAME}" user has no uid or gid`);
  return { name: NAME, uid, gid };
}

// access(2) as that user, as Postgres will be spawned (same uid and gid, no supplementary groups): true
// when it can enter every directory down to `path` and has the `-r`/`-w`/`-x` right on it.
export function userCan(user: SystemUser, right: '-r' | '-w' | '-x', path: string): boolean {
  return spawnSync('test', [right, path], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}
