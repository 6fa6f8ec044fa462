import fc from 'fast-check';
import { seedFromEnv } from './seed-from-env';

export interface ModelRunOptions {
  // The seed CI replays; MODEL_SEED=random (or a number) explores.
  seed: number;
  // Sequences by default; MODEL_RUNS explores further.
  runs: number;
  maxSteps: number;
}

// Runs random command sequences against the service and a reference model with fast-check, then prints
// what ran with the seed, so a failing exploration can be replayed (MODEL_SEED, MODEL_PATH) and shrunk
// (MODEL_SHRINK=true).
export async function runModel<Model extends object, Real>(
  name: string,
  commands: Array<fc.Arbitrary<fc.AsyncCommand<Model, Real>>>,
  setup: () => Promise<{ model: Model; real: Real }>,
  options: ModelRunOptions,
): Promise<void> {
  const seed = seedFromEnv('MODEL_SEED', options.seed);
  const runs = Number(process.env.MODEL_RUNS ?? options.runs);
  const started = Date.now();
  let steps = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.commands(commands, { maxCommands: options.maxSteps, size: '+1' }),
      async (sequence) => {
        steps += [...sequence].length;
        await fc.asyncModelRun(setup, sequence);
      },
    ),
    {
      seed,
      numRuns: runs,
      endOnFailure: process.env.MODEL_SHRINK !== 'true',
      ...(process.env.MODEL_PATH === undefined ? {} : { path: process.env.MODEL_PATH }),
    },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  process.stdout.write(`${name}: seed ${seed}, ${runs} sequences, ${steps} steps, ${seconds} s\n`);
}
