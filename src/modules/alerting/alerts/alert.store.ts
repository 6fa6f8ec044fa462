import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import type { ActiveAlert } from '../engine/alert-evaluator';
import { AlertEntity } from './alert.entity';

// The SQL of the alerts table. The reads every request or report makes are named prepared statements
// (prepared-reads.ts) or plain SQL with array parameters, in place of TypeORM's find, whose CPU would be
// spent while rows are locked and whose IN lists cost a parameter and a query rewrite per target.
@Injectable()
export class AlertStore {
  private readonly alertById: PreparedRead<AlertEntity>;
  private readonly lockedAlertById: PreparedRead<AlertEntity>;
  private readonly lockedActiveOfConfig: PreparedRead<AlertEntity>;

  constructor(
    reads: PreparedReads,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.alertById = reads.define(AlertEntity, 'WHERE id = $1 AND group_id = $2');
    this.lockedAlertById = reads.define(AlertEntity, 'WHERE id = $1 AND group_id = $2 FOR UPDATE');
    this.lockedActiveOfConfig = reads.define(
      AlertEntity,
      `WHERE group_id = $1 AND alert_config_id = $2 AND status IN ('TRACKING', 'OPEN')
       ORDER BY created ASC, id ASC FOR UPDATE`,
    );
  }

  // GET one alert, the API's most frequent read.
  async find(groupId: string, alertId: string): Promise<AlertEntity | undefined> {
    return (await this.alertById([alertId, groupId]))[0];
  }

  // Many alerts of one project in one read (a notification group's flush); ids not found are left out.
  findAll(groupId: string, alertIds: string[]): Promise<AlertEntity[]> {
    if (alertIds.length === 0) return Promise.resolve([]);
    return this.txHost.tx
      .getRepository(AlertEntity)
      .createQueryBuilder('alert')
      .where('alert.group_id = :groupId AND alert.id = ANY(:alertIds::char(24)[])', { groupId, alertIds })
      .getMany();
  }

  // Inside a transaction: the row stays locked until it ends.
  async findForUpdate(groupId: string, alertId: string): Promise<AlertEntity | undefined> {
    return (await this.lockedAlertById([alertId, groupId]))[0];
  }

  // The TRACKING and OPEN alerts of one configuration, oldest first, locked until the transaction ends.
  activeOfConfigForUpdate(groupId: string, alertConfigId: string): Promise<AlertEntity[]> {
    return this.lockedActiveOfConfig([groupId, alertConfigId]);
  }

  // The read every report makes (a report's hosts x the project's configurations): the TRACKING and OPEN
  // alerts of these configurations on these targets, oldest first.
  async activeOf(groupId: string, alertConfigIds: string[], targetKeys: string[]): Promise<ActiveAlert[]> {
    // Columns named as ActiveAlert's fields; status is TRACKING or OPEN by the WHERE clause.
    return this.txHost.tx.query<ActiveAlert[]>(
      `SELECT id, alert_config_id AS "alertConfigId", target_key AS "targetKey", status, created
       FROM alerts
       WHERE group_id = $1 AND alert_config_id = ANY($2::char(24)[]) AND target_key = ANY($3::text[])
         AND status IN ('TRACKING', 'OPEN')
       ORDER BY created ASC, id ASC`,
      [groupId, alertConfigIds, targetKeys],
    );
  }

  // The (configuration, target) pairs of one project that already hold a TRACKING or OPEN alert, among
  // those asked: one read for every alert a report raises (the partial unique index answers each pair).
  async activeTargetsOf(
    groupId: string,
    targets: ReadonlyArray<{ alertConfigId: string; targetKey: string }>,
  ): Promise<Array<{ id: string; alertConfigId: string; targetKey: string }>> {
    if (targets.length === 0) return [];
    return this.txHost.tx.query<Array<{ id: string; alertConfigId: string; targetKey: string }>>(
      `SELECT a.id, a.alert_config_id AS "alertConfigId", a.target_key AS "targetKey"
         FROM unnest($2::char(24)[], $3::text[]) AS t(alert_config_id, target_key)
         JOIN alerts a ON a.group_id = $1 AND a.alert_config_id = t.alert_config_id
                      AND a.target_key = t.target_key AND a.status IN ('TRACKING', 'OPEN')`,
      [groupId, targets.map((t) => t.alertConfigId), targets.map((t) => t.targetKey)],
    );
  }

  // Many new alerts in one statement, whatever their number (one JSON parameter, so no limit on bound
  // parameters). A row whose slot the partial unique index finds taken is skipped, not an error that would
  // abort the caller's transaction: answers the ids written.
  async insertMany(rows: readonly AlertEntity[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const written = await this.txHost.tx.query<Array<{ id: string }>>(
      `INSERT INTO alerts (id, group_id, alert_config_id, event_type_name, status, target_key, created, updated,
         last_notified, resolved, acknowledged_until, acknowledgement_comment, acknowledging_username,
         current_value_number, current_value_units, metric_name, host_id, hostname_and_port, replica_set_name,
         cluster_id, cluster_name, source_type_name, tags, human_readable)
       SELECT id, group_id, alert_config_id, event_type_name, status, target_key, created, updated,
         last_notified, resolved, acknowledged_until, acknowledgement_comment, acknowledging_username,
         current_value_number, current_value_units, metric_name, host_id, hostname_and_port, replica_set_name,
         cluster_id, cluster_name, source_type_name, COALESCE(tags, '{}'), human_readable
         FROM jsonb_to_recordset($1::jsonb) AS r(id char(24), group_id char(24), alert_config_id char(24),
           event_type_name varchar, status varchar, target_key text, created timestamptz,
           updated timestamptz, last_notified timestamptz, resolved timestamptz, acknowledged_until timestamptz,
           acknowledgement_comment varchar, acknowledging_username text, current_value_number double precision,
           current_value_units varchar, metric_name varchar, host_id text, hostname_and_port text,
           replica_set_name text, cluster_id text, cluster_name text, source_type_name varchar, tags text[],
           human_readable text)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [JSON.stringify(rows.map(toAlertRecord))],
    );
    return new Set(written.map((row) => row.id));
  }

  // Bookkeeping after notifications went out, for many alerts at once; answers how many rows it found.
  async markNotified(alertIds: readonly string[], now: Date): Promise<number> {
    if (alertIds.length === 0) return 0;
    // As a SELECT: TypeORM answers an UPDATE's query() with [rows, count].
    const [{ found }] = await this.txHost.tx.query<Array<{ found: number }>>(
      `WITH marked AS (UPDATE alerts SET last_notified = $2 WHERE id = ANY($1::char(24)[]) RETURNING id)
       SELECT count(*)::int AS found FROM marked`,
      [alertIds, now],
    );
    return found;
  }

  // PATCH acknowledge's write: the three acknowledgement columns and `updated`, in one UPDATE. TypeORM's
  // save would read the row again and diff it first, one more round trip while the row is locked.
  async updateAcknowledgement(alert: AlertEntity): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE alerts SET acknowledged_until = $2, acknowledgement_comment = $3, acknowledging_username = $4,
         updated = $5
       WHERE id = $1`,
      [
        alert.id,
        alert.acknowledgedUntil,
        alert.acknowledgementComment,
        alert.acknowledgingUsername,
        alert.updated,
      ],
    );
  }

  // Open alerts by event type, read when /metrics is scraped, outside any request's transaction. The scan
  // goes through the partial index of active alerts (alerts_one_active_per_target) and stops at `cap`
  // rows, so a huge backlog of open alerts costs no more than that.
  async openCountsByType(cap: number): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<Array<{ type: string; open: number }>>(
      `SELECT event_type_name AS type, count(*)::int AS open
         FROM (SELECT event_type_name FROM alerts WHERE status = 'OPEN' LIMIT $1) alerts
        GROUP BY event_type_name`,
      [cap],
    );
    return new Map(rows.map((row) => [row.type, row.open]));
  }
}

// The row as jsonb_to_recordset reads it: column names as keys, dates as ISO text (milliseconds kept).
function toAlertRecord(row: AlertEntity): Record<string, unknown> {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    id: row.id,
    group_id: row.groupId,
    alert_config_id: row.alertConfigId,
    event_type_name: row.eventTypeName,
    status: row.status,
    target_key: row.targetKey,
    created: iso(row.created),
    updated: iso(row.updated),
    last_notified: iso(row.lastNotified),
    resolved: iso(row.resolved),
    acknowledged_until: iso(row.acknowledgedUntil),
    acknowledgement_comment: row.acknowledgementComment,
    acknowledging_username: row.acknowledgingUsername,
    current_value_number: row.currentValueNumber,
    current_value_units: row.currentValueUnits,
    metric_name: row.metricName,
    host_id: row.hostId,
    hostname_and_port: row.hostnameAndPort,
    replica_set_name: row.replicaSetName,
    cluster_id: row.clusterId,
    cluster_name: row.clusterName,
    source_type_name: row.sourceTypeName,
    tags: row.tags,
    human_readable: row.humanReadable,
  };
}
