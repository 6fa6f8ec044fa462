import type { DataSource } from 'typeorm';

export interface BucketRequest {
  key: string;
  // Tokens per minute, also the bucket's capacity (a full minute's burst).
  perMinute: number;
}

export interface BucketState {
  key: string;
  perMinute: number;
  allowed: boolean;
  // Tokens left after this request, fractional.
  tokens: number;
}

// Refill since the last request at perMinute/60 tokens per second, capped at perMinute; take one token
// when at least one is there. Every bucket of a request in ONE statement (atomic per row under the
// upsert's row lock), timed by the database clock so every instance refills alike.
const REFILLED = `LEAST(b.perMinute, rate_limit_buckets.tokens +
  EXTRACT(EPOCH FROM (clock_timestamp() - rate_limit_buckets.updated_at)) * b.perMinute / 60.0)`;

const TAKE = `
  WITH b(bucket_key, perMinute) AS (SELECT * FROM unnest($1::text[], $2::float8[]))
  INSERT INTO rate_limit_buckets AS rate_limit_buckets (bucket_key, tokens, allowed, updated_at)
  SELECT bucket_key, perMinute - 1, true, clock_timestamp() FROM b
  ON CONFLICT (bucket_key) DO UPDATE SET
    tokens = (SELECT CASE WHEN ${REFILLED} >= 1 THEN ${REFILLED} - 1 ELSE ${REFILLED} END
              FROM b WHERE b.bucket_key = EXCLUDED.bucket_key),
    allowed = (SELECT ${REFILLED} >= 1 FROM b WHERE b.bucket_key = EXCLUDED.bucket_key),
    updated_at = clock_timestamp()
  RETURNING bucket_key, tokens, allowed`;

export class TokenBuckets {
  constructor(private readonly dataSource: DataSource) {}

  async take(requests: BucketRequest[]): Promise<BucketState[]> {
    const rows = await this.dataSource.query<Array<{ bucket_key: string; tokens: number; allowed: boolean }>>(
      TAKE,
      [requests.map((r) => r.key), requests.map((r) => r.perMinute)],
    );
    return requests.map((request) => {
      const row = rows.find((r) => r.bucket_key === request.key);
      return { ...request, allowed: row?.allowed ?? true, tokens: Number(row?.tokens ?? request.perMinute) };
    });
  }
}
