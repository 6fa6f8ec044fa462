// A property test's seed: fixed unless the variable `name` is set, so CI replays the same cases; `random`
// draws one (print it with the results, so a failing run can be replayed), a number replays that seed.
export function seedFromEnv(name: string, fixed: number): number {
  const value = process.env[name];
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  return Number(value ?? fixed);
}
