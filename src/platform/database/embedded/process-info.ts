import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface ProcessInfo {
  ppid: number;
  // Z: exited, not yet reaped by its parent.
  zombie: boolean;
  // The program's name (argv[0] without its directory), '' when not readable.
  program: string;
}

// What the process table says of `pid`; null when there is no such process. /proc where there is one,
// else ps(1).
export function processInfo(pid: number): ProcessInfo | null {
  return existsSync('/proc/self/stat') ? fromProc(pid) : fromPs(pid);
}

function fromProc(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so fields count from the last ')'.
  const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  let program = '';
  try {
    program = basename(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '');
  } catch {
    // Not ours to read: the name stays unknown.
  }
  return { ppid: Number(ppid), zombie: state === 'Z', program };
}

function fromPs(pid: number): ProcessInfo | null {
  const result = spawnSync('ps', ['-o', 'ppid=,stat=,comm=', '-p', String(pid)], { encoding: 'utf8' });
  const match = /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(result.stdout ?? '');
  if (result.status !== 0 || !match) return null;
  return { ppid: Number(match[1]), zombie: match[2].startsWith('Z'), program: basename(match[3].trim()) };
}
