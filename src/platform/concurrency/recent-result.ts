// A figure that costs a database trip to compute, asked for by callers the service does not control
// (a scraper, a health probe): computed at most once per `maxAgeMs`, and callers arriving while it is
// being computed share that computation. However often it is asked for, the work stays one query (or
// one set of queries) per period. A failure is not kept: the next caller tries again.
export class RecentResult<T> {
  private value: { at: number; result: T } | undefined;
  private pending: Promise<T> | undefined;

  constructor(
    private readonly compute: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<T> {
    if (this.value !== undefined && this.now() - this.value.at < this.maxAgeMs) {
      return Promise.resolve(this.value.result);
    }
    this.pending ??= this.compute()
      .then((result) => {
        this.value = { at: this.now(), result };
        return result;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}
