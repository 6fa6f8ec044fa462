import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { HostStatisticsWriter } from './host-statistics.writer';

// Below this many new hosts autovacuum's own ANALYZE (50 rows + 10% of the table) comes soon enough.
const MIN_NEW_HOSTS = 500;

// Hosts arriving in bulk (agents of a new deployment report thousands of hosts in a minute) leave the
// planner's statistics of `hosts` and `latest_measurements` describing near-empty tables until
// autovacuum's next ANALYZE, up to a minute or more later; the plans chosen meanwhile made every report
// slow (measured with 10,000 new hosts on 2 cores: the slowest report of the first 30 s took 8.6 s,
// 1.5 s with the statistics refreshed as the hosts arrived). So once the hosts this instance created
// since its last refresh reach a fifth of the hosts counted then (and at least MIN_NEW_HOSTS), it
// refreshes them itself, one refresh at a time, outside any report's transaction.
@Injectable()
export class HostStatistics implements OnApplicationShutdown {
  private readonly logger = new Logger(HostStatistics.name);
  private createdSinceRefresh = 0;
  private hostsAtRefresh = 0;
  private running: Promise<void> | undefined;

  constructor(private readonly writer: HostStatisticsWriter) {}

  hostsCreated(count: number): void {
    this.createdSinceRefresh += count;
    if (this.running || this.createdSinceRefresh < Math.max(MIN_NEW_HOSTS, this.hostsAtRefresh / 5)) return;
    this.createdSinceRefresh = 0;
    this.running = this.refresh()
      .catch((error: unknown) => this.logger.warn({ msg: 'refreshing host statistics failed', err: error }))
      .finally(() => {
        this.running = undefined;
      });
  }

  // For tests and shutdown: the refresh under way, if any.
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.settled();
  }

  private async refresh(): Promise<void> {
    this.hostsAtRefresh = await this.writer.analyze();
  }
}
