import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLoggerContract } from 'typeorm';

const MAX_QUERY_LENGTH = 2000;

function shortened(query: string): string {
  return query.length > MAX_QUERY_LENGTH ? `${query.slice(0, MAX_QUERY_LENGTH)}...` : query;
}

// TypeORM's own loggers print query parameters, which carry HA1 digests, key tails and encrypted
// secrets; this one never does. Failed queries are logged at debug: the expected ones (a unique
// violation becoming a 409) are not errors, and the unexpected ones reach the error filter, which
// logs them as a 500 with a reference.
export class TypeOrmLogger implements TypeOrmLoggerContract {
  private readonly logger = new Logger('TypeORM');

  logQuery(): void {
    // Query logging is off (`logging: ['error']`): nothing to do.
  }

  logQueryError(error: string | Error, query: string): void {
    this.logger.debug({ msg: 'query failed', query: shortened(query), err: error });
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ msg: 'slow query', durationMs: time, query: shortened(query) });
  }

  logSchemaBuild(message: string): void {
    this.logger.debug({ msg: message });
  }

  logMigration(message: string): void {
    this.logger.log({ msg: message });
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn({ msg: message });
    else this.logger.log({ msg: message });
  }
}
