import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { PreparedReads } from '../../platform/database/prepared-reads';
import { DeletedProjectEntity } from './deleted-project.entity';
import type { EventEntity } from './event.entity';

// The SQL of the events table: the insert of each audited change, and one page of an event list and
// its count. Every page is "newest first within one scope",
// served by the (scope, [event_type_name,] created DESC, id DESC) indexes of the events migration.
// Several event types are read as one ordered index range per type merged by the planner (Merge
// Append) instead of "type = ANY(...)", which would force a sort of every matching row.

// An organization's list also shows the events of its deleted projects (deletedGroupIds), whose own
// lists are gone; without any, it reads the organization-level partial indexes alone.
export type EventScope = { groupId: string } | { orgId: string; deletedGroupIds?: string[] };

export interface EventListFilter {
  scope: EventScope;
  eventTypes: string[];
  // created >= from, created < until
  from?: Date;
  until?: Date;
}

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

// Column aliases are the entity's property names, so rows map like EventEntity instances.
const COLUMNS_BUT_RAW = `id, event_type_name AS "eventTypeName", created, org_id AS "orgId", group_id AS "groupId",
  alert_id AS "alertId", alert_config_id AS "alertConfigId", maintenance_window_id AS "maintenanceWindowId",
  api_key_id AS "apiKeyId", public_key AS "publicKey", user_id AS "userId", username,
  remote_address AS "remoteAddress", is_global_admin AS "isGlobalAdmin", subject, diffs`;
export const EVENT_COLUMNS = `${COLUMNS_BUT_RAW}, raw`;

// Every audited change writes one event row in its transaction. TypeORM's insert built the statement
// through its query builder per call and asked for the defaulted columns back (RETURNING), which the
// recorder never reads; the row is complete here (toEventEntity fills every column), so one fixed
// statement does the same insert. jsonb values are sent as JSON text, as TypeORM sends them.
const INSERT_EVENT = `INSERT INTO events (id, event_type_name, created, org_id, group_id, alert_id, alert_config_id,
  maintenance_window_id, api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject,
  diffs, raw) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`;

// The events of one batch (the alerts one report raises) in one statement: one JSON parameter, whatever
// their number.
const INSERT_EVENTS = `INSERT INTO events (id, event_type_name, created, org_id, group_id, alert_id, alert_config_id,
  maintenance_window_id, api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject,
  diffs, raw)
  SELECT id, event_type_name, created, org_id, group_id, alert_id, alert_config_id, maintenance_window_id,
    api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject, diffs, raw
  FROM jsonb_to_recordset($1::jsonb) AS r(id char(24), event_type_name varchar, created timestamptz,
    org_id char(24), group_id char(24), alert_id char(24), alert_config_id char(24),
    maintenance_window_id char(24), api_key_id char(24), public_key varchar, user_id char(24),
    username varchar, remote_address varchar, is_global_admin boolean, subject jsonb, diffs jsonb, raw jsonb)`;

const ORDER = 'ORDER BY created DESC, id DESC';

class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function scopeConditions(filter: EventListFilter, params: Params): string[] {
  const scope = filter.scope;
  const deleted = 'orgId' in scope ? (scope.deletedGroupIds ?? []) : [];
  const conditions =
    'groupId' in scope
      ? [`group_id = ${params.add(scope.groupId)}`]
      : deleted.length === 0
        ? [`org_id = ${params.add(scope.orgId)}`, 'group_id IS NULL']
        : [
            `((org_id = ${params.add(scope.orgId)} AND group_id IS NULL) OR group_id = ANY(${params.add(deleted)}::char(24)[]))`,
          ];
  if (filter.from) conditions.push(`created >= ${params.add(filter.from)}`);
  if (filter.until) conditions.push(`created < ${params.add(filter.until)}`);
  return conditions;
}

// includeRaw: whether the page's rows carry `raw`, which only `includeRaw=true` shows. Reading and
// parsing it for every row of every page was a third of the bytes and much of the JSON parsing of a page.
export function eventPageQuery(
  filter: EventListFilter,
  offset: number,
  limit: number,
  includeRaw = false,
): SqlQuery {
  return pageQuery(filter, offset, limit, includeRaw, false);
}

// The page and its totalCount in one statement, one round trip instead of two: every row carries the
// count in `totalCount`, an uncorrelated subquery Postgres evaluates once (an InitPlan), and only when
// the page has a row. A page past the end has none, so its count is read by eventCountQuery.
export function eventPageWithCountQuery(
  filter: EventListFilter,
  offset: number,
  limit: number,
  includeRaw = false,
): SqlQuery {
  return pageQuery(filter, offset, limit, includeRaw, true);
}

function pageQuery(
  filter: EventListFilter,
  offset: number,
  limit: number,
  includeRaw: boolean,
  withCount: boolean,
): SqlQuery {
  const params = new Params();
  const pageColumns = includeRaw ? EVENT_COLUMNS : COLUMNS_BUT_RAW;
  const rowColumns = withCount
    ? `${pageColumns}, (${countSql(filter, params)}) AS "totalCount"`
    : pageColumns;
  const conditions = scopeConditions(filter, params);
  const types = [...new Set(filter.eventTypes)];
  // Past page 1 the page's ids are found first (an index-only scan that skips `offset` index entries,
  // not rows), then only those rows are read: a deferred join.
  const columns = offset > 0 ? 'id, created' : rowColumns;
  let sql: string;
  if (types.length <= 1) {
    if (types.length === 1) conditions.push(`event_type_name = ${params.add(types[0])}`);
    sql = `SELECT ${columns} FROM events WHERE ${conditions.join(' AND ')} ${ORDER} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  } else {
    const where = conditions.join(' AND ');
    const branchLimit = params.add(offset + limit);
    const branches = types.map(
      (type) =>
        `(SELECT ${offset > 0 ? 'id, created' : '*'} FROM events WHERE ${where} AND event_type_name = ${params.add(type)} ${ORDER} LIMIT ${branchLimit})`,
    );
    sql = `SELECT ${columns} FROM (${branches.join(' UNION ALL ')}) AS e ${ORDER} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  }
  if (offset > 0) {
    sql = `SELECT ${rowColumns} FROM events WHERE id IN (SELECT id FROM (${sql}) AS page) ${ORDER}`;
  }
  return { sql, params: params.values };
}

export function eventCountQuery(filter: EventListFilter): SqlQuery {
  const params = new Params();
  const sql = countSql(filter, params);
  return { sql, params: params.values };
}

function countSql(filter: EventListFilter, params: Params): string {
  if (filter.eventTypes.length === 0 && !filter.from && !filter.until) {
    // Unfiltered: the counters the insert's transaction keeps (migration EventCountsSchema1795300011000).
    const [kind, scopeId] =
      'groupId' in filter.scope ? ['G', filter.scope.groupId] : ['O', filter.scope.orgId];
    const deleted = 'orgId' in filter.scope ? (filter.scope.deletedGroupIds ?? []) : [];
    const own = `scope_kind = ${params.add(kind)} AND scope_id = ${params.add(scopeId)}`;
    const where =
      deleted.length === 0
        ? own
        : `(${own}) OR (scope_kind = 'G' AND scope_id = ANY(${params.add(deleted)}))`;
    return `SELECT coalesce(sum(count), 0)::int AS count FROM event_counts WHERE ${where}`;
  }
  const conditions = scopeConditions(filter, params);
  const types = [...new Set(filter.eventTypes)];
  if (types.length === 1) conditions.push(`event_type_name = ${params.add(types[0])}`);
  if (types.length > 1) conditions.push(`event_type_name = ANY(${params.add(types)})`);
  return `SELECT count(*)::int AS count FROM events WHERE ${conditions.join(' AND ')}`;
}

// The parameters of INSERT_EVENT for one row.
function valuesOf(row: EventEntity): unknown[] {
  return [
    row.id,
    row.eventTypeName,
    row.created,
    row.orgId,
    row.groupId,
    row.alertId,
    row.alertConfigId,
    row.maintenanceWindowId,
    row.apiKeyId,
    row.publicKey,
    row.userId,
    row.username,
    row.remoteAddress,
    row.isGlobalAdmin,
    JSON.stringify(row.subject),
    row.diffs === null ? null : JSON.stringify(row.diffs),
    row.raw === null ? null : JSON.stringify(row.raw),
  ];
}

// Runs the statements above, the insert and the read of one event, in the caller's transaction if any.
@Injectable()
export class EventStore {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly reads: PreparedReads,
  ) {}

  async insert(row: EventEntity): Promise<void> {
    await this.txHost.tx.query(INSERT_EVENT, valuesOf(row));
  }

  // The events of one batch (EventPublisher.publishMany: a report's host events, the alerts it raised).
  async insertMany(rows: readonly EventEntity[]): Promise<void> {
    if (rows.length === 0) return;
    const records = rows.map((row) => ({
      id: row.id,
      event_type_name: row.eventTypeName,
      created: row.created.toISOString(),
      org_id: row.orgId,
      group_id: row.groupId,
      alert_id: row.alertId,
      alert_config_id: row.alertConfigId,
      maintenance_window_id: row.maintenanceWindowId,
      api_key_id: row.apiKeyId,
      public_key: row.publicKey,
      user_id: row.userId,
      username: row.username,
      remote_address: row.remoteAddress,
      is_global_admin: row.isGlobalAdmin,
      subject: row.subject,
      diffs: row.diffs,
      raw: row.raw,
    }));
    await this.txHost.tx.query(INSERT_EVENTS, [JSON.stringify(records)]);
  }

  page(filter: EventListFilter, offset: number, limit: number, includeRaw: boolean): Promise<EventEntity[]> {
    const page = eventPageQuery(filter, offset, limit, includeRaw);
    return this.reads.unnamed<EventEntity>(page.sql, page.params);
  }

  // The page and totalCount in one round trip; a page past the end asks for the count alone.
  async pageWithCount(
    filter: EventListFilter,
    offset: number,
    limit: number,
    includeRaw: boolean,
  ): Promise<{ rows: EventEntity[]; totalCount: number }> {
    const page = eventPageWithCountQuery(filter, offset, limit, includeRaw);
    const rows = await this.reads.unnamed<EventEntity & { totalCount: number }>(page.sql, page.params);
    return { rows, totalCount: rows.length > 0 ? rows[0].totalCount : await this.count(filter) };
  }

  async count(filter: EventListFilter): Promise<number> {
    const count = eventCountQuery(filter);
    const [{ count: total }] = await this.reads.unnamed<{ count: number }>(count.sql, count.params);
    return total;
  }

  // The organization's deleted projects, whose events its lists show.
  async deletedProjectsOf(orgId: string): Promise<string[]> {
    const rows = await this.txHost.tx
      .getRepository(DeletedProjectEntity)
      .find({ select: { groupId: true }, where: { orgId } });
    return rows.map((row) => row.groupId);
  }

  async findOne(scope: EventScope, eventId: string): Promise<EventEntity | undefined> {
    const [sql, params] =
      'groupId' in scope
        ? ['id = $1 AND group_id = $2', [eventId, scope.groupId]]
        : [
            'id = $1 AND ((org_id = $2 AND group_id IS NULL) OR group_id = ANY($3::char(24)[]))',
            [eventId, scope.orgId, scope.deletedGroupIds ?? []],
          ];
    const rows = await this.txHost.tx.query<EventEntity[]>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE ${sql}`,
      params,
    );
    return rows[0];
  }
}
