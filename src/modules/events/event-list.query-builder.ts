// SQL for one page of an event list and its count. Every page is "newest first within one scope",
// served by the (scope, [event_type_name,] created DESC, id DESC) indexes of the events migration.
// Several event types are read as one ordered index range per type merged by the planner (Merge
// Append) instead of "type = ANY(...)", which would force a sort of every matching row.

export type EventScope = { groupId: string } | { orgId: string };

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
export const EVENT_COLUMNS = `id, event_type_name AS "eventTypeName", created, org_id AS "orgId", group_id AS "groupId",
  alert_id AS "alertId", alert_config_id AS "alertConfigId", maintenance_window_id AS "maintenanceWindowId",
  api_key_id AS "apiKeyId", public_key AS "publicKey", user_id AS "userId", username,
  remote_address AS "remoteAddress", is_global_admin AS "isGlobalAdmin", subject, diffs, raw`;

const ORDER = 'ORDER BY created DESC, id DESC';

class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function scopeConditions(filter: EventListFilter, params: Params): string[] {
  const conditions =
    'groupId' in filter.scope
      ? [`group_id = ${params.add(filter.scope.groupId)}`]
      : [`org_id = ${params.add(filter.scope.orgId)}`, 'group_id IS NULL'];
  if (filter.from) conditions.push(`created >= ${params.add(filter.from)}`);
  if (filter.until) conditions.push(`created < ${params.add(filter.until)}`);
  return conditions;
}

export function eventPageQuery(filter: EventListFilter, offset: number, limit: number): SqlQuery {
  const params = new Params();
  const conditions = scopeConditions(filter, params);
  const types = [...new Set(filter.eventTypes)];
  if (types.length <= 1) {
    if (types.length === 1) conditions.push(`event_type_name = ${params.add(types[0])}`);
    const sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE ${conditions.join(' AND ')} ${ORDER} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
    return { sql, params: params.values };
  }
  const where = conditions.join(' AND ');
  const branchLimit = params.add(offset + limit);
  const branches = types.map(
    (type) =>
      `(SELECT * FROM events WHERE ${where} AND event_type_name = ${params.add(type)} ${ORDER} LIMIT ${branchLimit})`,
  );
  const sql = `SELECT ${EVENT_COLUMNS} FROM (${branches.join(' UNION ALL ')}) AS e ${ORDER} LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`;
  return { sql, params: params.values };
}

export function eventCountQuery(filter: EventListFilter): SqlQuery {
  const params = new Params();
  const conditions = scopeConditions(filter, params);
  const types = [...new Set(filter.eventTypes)];
  if (types.length === 1) conditions.push(`event_type_name = ${params.add(types[0])}`);
  if (types.length > 1) conditions.push(`event_type_name = ANY(${params.add(types)})`);
  return {
    sql: `SELECT count(*)::int AS count FROM events WHERE ${conditions.join(' AND ')}`,
    params: params.values,
  };
}
