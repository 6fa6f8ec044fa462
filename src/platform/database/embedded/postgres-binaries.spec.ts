import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRootOwnedDirectory, mirror } from './postgres-binaries';

describe('the copy of the Postgres binaries its own user can read', () => {
  let dir: string;
  let source: string;
  let target: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dms-binaries-spec-'));
    source = join(dir, 'native');
    target = join(dir, 'copy');
    mkdirSync(join(source, 'bin'), { recursive: true });
    mkdirSync(join(source, 'lib'), { recursive: true });
    writeFileSync(join(source, 'bin', 'postgres'), 'binary');
    chmodSync(join(source, 'bin', 'postgres'), 0o755);
    writeFileSync(join(source, 'lib', 'libpq.so.5.17'), 'library');
    chmodSync(join(source, 'lib', 'libpq.so.5.17'), 0o600);
    symlinkSync('libpq.so.5.17', join(source, 'lib', 'libpq.so.5'));
    mkdirSync(target);
  });

  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should hard-link files others can read and copy the others readable', () => {
    mirror(source, target);
    expect(statSync(join(target, 'bin', 'postgres')).ino).toBe(statSync(join(source, 'bin', 'postgres')).ino);
    const library = statSync(join(target, 'lib', 'libpq.so.5.17'));
    expect(library.ino).not.toBe(statSync(join(source, 'lib', 'libpq.so.5.17')).ino);
    expect(library.mode & 0o777).toBe(0o644);
    expect(statSync(join(source, 'lib', 'libpq.so.5.17')).mode & 0o777).toBe(0o600);
    expect(readlinkSync(join(target, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.17');
    expect(statSync(join(target, 'lib')).mode & 0o777).toBe(0o755);
  });

  it('should restore what was removed from an earlier copy when run again', () => {
    mirror(source, target);
    unlinkSync(join(target, 'lib', 'libpq.so.5.17'));
    rmSync(join(target, 'bin'), { recursive: true });
    mirror(source, target);
    expect(existsSync(join(target, 'lib', 'libpq.so.5.17'))).toBe(true);
    expect(existsSync(join(target, 'bin', 'postgres'))).toBe(true);
  });

  it('should refuse a directory others can write to', () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect(() => ensureRootOwnedDirectory(shared)).toThrow(/owned by root that only root can write to/);
  });

  it('should refuse a symbolic link in place of the directory', () => {
    const link = join(dir, 'link');
    symlinkSync(source, link);
    expect(() => ensureRootOwnedDirectory(link)).toThrow(/owned by root that only root can write to/);
  });
});
