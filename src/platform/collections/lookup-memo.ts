// Reads made once per key for one batch of work (the alerts one report raises, one sweep's batch), when
// nothing in the batch changes what they read: later callers get the first call's answer.
export class LookupMemo {
  private readonly entries = new Map<string, Promise<unknown>>();

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.entries.get(key) as Promise<T> | undefined;
    if (entry === undefined) {
      entry = load();
      this.entries.set(key, entry);
    }
    return entry;
  }

  // An answer read beforehand, with others in one statement.
  set<T>(key: string, value: T): void {
    this.entries.set(key, Promise.resolve(value));
  }
}

// A memo's read when there is one, the read itself otherwise.
export function remembered<T>(memo: LookupMemo | undefined, key: string, load: () => Promise<T>): Promise<T> {
  return memo === undefined ? load() : memo.get(key, load);
}
