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
    const read = this.entityRead(entity, '');
    const text = `SELECT ${read.select} FROM ${read.table} ${rest}`;
    const run = this.runner(text);
    return async (values) => (await run(values)).map(read.hydrate);
  }

  // A whole statement whose rows are used as pg parses them (no entity): the same named statement on
  // the pool, or the transaction's connection, without TypeORM's query runner, which a plain
  // `query` builds, connects, logs through and releases on every call.
  defineRows<T extends QueryResultRow>(text: string): PreparedRead<T> {
    return this.runner(text) as (values: unknown[]) => Promise<T[]>;
  }

  // A statement whose text varies with the request (an event list's filters), so it is not named:
  // Postgres would keep a prepared statement per text and connection. It still skips TypeORM's query
  // runner, on the pool or the transaction's connection as the named ones do.
  async unnamed<T extends QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
    return this.txHost.isTransactionActive()
      ? await this.txHost.tx.query<T[]>(text, values)
      : (await this.pool().query<T>(text, values)).rows;
  }

  // Parents with their children in one statement (one round trip instead of two): `from` joins the
  // parent table as `p` and the child table as `c` (a LEFT JOIN gives a parent without children one
  // row whose child is null). Each row is a parent (a new instance per row) and its child, hydrated as
  // define hydrates them; `childKey` is a child column never null in a real row.
  defineJoined<P extends ObjectLiteral, C extends ObjectLiteral>(
    parent: EntityTarget<P>,
    child: EntityTarget<C>,
    childKey: string,
    from: string,
  ): PreparedRead<[P, C | null]> {
    const p = this.entityRead(parent, 'p');
    const c = this.entityRead(child, 'c');
    const run = this.runner(`SELECT ${p.select}, ${c.select} FROM ${from}`);
    const childKeyAlias = `c_${childKey}`;
    return async (values) =>
      (await run(values)).map((row): [P, C | null] => [
        p.hydrate(row),
        row[childKeyAlias] === null ? null : c.hydrate(row),
      ]);
  }

  // The select list of every column of an entity (aliased `<alias>_<column>` when `alias` is given)
  // and the hydration of a row through TypeORM's own column conversions.
  private entityRead<T extends ObjectLiteral>(
    entity: EntityTarget<T>,
    alias: string,
  ): { table: string; select: string; hydrate: (row: QueryResultRow) => T } {
    const metadata = this.dataSource.getMetadata(entity);
    if (metadata.relations.length > 0 || metadata.embeddeds.length > 0) {
      throw new Error(`PreparedReads: ${metadata.name} has relations or embedded columns`);
    }
    const columns = metadata.columns.map((column) => ({
      column,
      key: alias ? `${alias}_${column.databaseName}` : column.databaseName,
    }));
    const table = metadata.tablePath
      .split('.')
      .map((part) => `"${part}"`)
      .join('.');
    const select = columns
      .map(({ column, key }) =>
        alias ? `${alias}."${column.databaseName}" AS "${key}"` : `"${column.databaseName}"`,
      )
      .join(', ');
    const driver = this.dataSource.driver;
    const hydrate = (row: QueryResultRow): T => {
      const instance = metadata.create() as T;
      for (const { column, key } of columns) {
        column.setEntityValue(instance, driver.prepareHydratedValue(row[key], column));
      }
      return instance;
    };
    return { table, select, hydrate };
  }

  // Named after its text (hashed): on the pool as a prepared statement, inside a transaction unnamed.
  private runner(text: string): (values: unknown[]) => Promise<QueryResultRow[]> {
    const name = `dms_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    return async (values) =>
      this.txHost.isTransactionActive()
        ? await this.txHost.tx.query<QueryResultRow[]>(text, values)
        : (await this.pool().query<QueryResultRow>({ name, text, values })).rows;
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
