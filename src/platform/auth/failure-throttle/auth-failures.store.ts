import type { DataSource } from 'typeorm';

// One statement per failed verification, every bucket of it at once (atomic per row under the upsert's
// row lock). A bucket quiet for the reset time starts over at one.
const RECORD = `
  INSERT INTO auth_failures AS f (bucket_key, failures, last_failure_at)
  SELECT key, 1, $2 FROM unnest($1::text[]) AS key
  ON CONFLICT (bucket_key) DO UPDATE SET
    failures = CASE WHEN f.last_failure_at < $3 THEN 1 ELSE f.failures + 1 END,
    last_failure_at = $2
  RETURNING bucket_key, failures`;

// The failed-verification counters every instance on the database shares.
export class AuthFailuresStore {
  constructor(private readonly dataSource: DataSource) {}

  record(
    keys: string[],
    now: Date,
    resetBefore: Date,
  ): Promise<Array<{ bucket_key: string; failures: number }>> {
    return this.dataSource.query<Array<{ bucket_key: string; failures: number }>>(RECORD, [
      keys,
      now,
      resetBefore,
    ]);
  }

  async forget(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_failures WHERE bucket_key = $1', [key]);
  }

  async deleteQuietSince(before: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_failures WHERE last_failure_at < $1', [before]);
  }
}
