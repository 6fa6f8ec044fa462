import { Logger } from '@nestjs/common';
import { RecentResult } from '../concurrency/recent-result';

// Figures read with SQL when /metrics is scraped are reused for this long: however often (and by however
// many scrapers) it is called, each such query runs at most once per period.
export const SCRAPE_QUERY_MAX_AGE_MS = 2_000;

// Counts read at scrape time stop at this many rows: beyond it the figure says "at least this many",
// and the query's cost stays bounded whatever the backlog.
export const SCRAPE_COUNT_CAP = 100_000;

const logger = new Logger('Metrics');

// A figure read at scrape time, shared between scrapes of one period. A failing read (the database is
// down) leaves the gauge without samples for that scrape instead of failing the whole scrape.
export function scrapeFigures<T>(what: string, read: () => Promise<T>): () => Promise<T | undefined> {
  const recent = new RecentResult(read, SCRAPE_QUERY_MAX_AGE_MS);
  return () =>
    recent.get().catch((error: unknown) => {
      logger.warn({
        msg: `cannot read ${what} for /metrics`,
        err: error instanceof Error ? error.message : error,
      });
      return undefined;
    });
}
