import { enterRunTempDir } from './run-temp-dir';

// Run-wide: a run of unit specs alone (no e2e project, so none of its set-up) also keeps its temporary
// files in the run's directory.
export default function runTempDirSetup(): void {
  enterRunTempDir();
}
