import { leaveRunTempDir } from './run-temp-dir';

// Run-wide, after the projects' teardowns (the e2e one stops the embedded Postgres inside the directory).
export default function runTempDirTeardown(): void {
  leaveRunTempDir();
}
