import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Pool, type QueryResultRow } from 'pg';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';

export type PreparedRead<T> = (values: unknown[]) => Promise<T[]>;

// The hottest reads (one alert, a page of API keys) as named prepared statements on the pool TypeORM
// owns: Postgres plans each once per connection and TypeORM builds no query per request. TypeORM's
// find costs more CPU than the whole bare request (docs/benchmarks.md). Rows are hydrated through
// TypeORM's own column conversions, so callers get the same entity a find would give. Inside a
// @Transactional() method the statement runs on the transaction's connection instead (unnamed).
@Injectable()
export class PreparedReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {}

  // `rest`: what follows `SELECT <every column> FROM <table>`, with $1.. placeholders. Each call
  // site defines its statement once (names are derived from the text, so two texts never share one).
  define<T extends ObjectLiteral>(entity: EntityTarget<T>, rest: string): PreparedRead<T> {
    const metadata = this.dataSource.getMetadata(entity);
    if (metadata.relations.length > 0 || metadata.embeddeds.length > 0) {
      throw new Error(`PreparedReads: ${metadata.name} has relations or embedded columns`);
    }
    const columns = metadata.columns;
    const table = metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
    const text = `SELECT ${columns.map((column) => `"${column.databaseName}"`).join(', ')} FROM ${table} ${rest}`;
    const name = `dms_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    const driver = this.dataSource.driver;
    const hydrate = (row: QueryResultRow): T => {
      const instance = metadata.create() as T;
      for (const column of columns) {
        column.setEntityValue(instance, driver.prepareHydratedValue(row[column.databaseName], column));
      }
      return instance;
    };
    return async (values) => {
      const rows: QueryResultRow[] = this.txHost.isTransactionActive()
        ? await this.txHost.tx.query<QueryResultRow[]>(text, values)
        : (await this.pool().query<QueryResultRow>({ name, text, values })).rows;
      return rows.map(hydrate);
    };
  }

  private pool(): Pool {
    return typeormPool(this.dataSource);
  }
}

// TypeORM keeps its pg Pool on the Postgres driver's `master`, which is not public API: an upgrade may
// move it. Then this throws rather than letting reads fall back to something else unnoticed
// (test/e2e/platform/prepared-reads-pool.e2e-spec.ts checks the pool is found and used).
export function typeormPool(dataSource: DataSource): Pool {
  const pool = (dataSource.driver as unknown as { master?: unknown }).master;
  if (!(pool instanceof Pool)) {
    throw new Error("PreparedReads: TypeORM's Postgres driver no longer keeps its pg Pool on `master`");
  }
  return pool;
}
