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

  // lastNotified of many alerts, one statement.
  async markNotified(alertIds: string[], at: Date): Promise<number> {
    if (alertIds.length === 0) return 0;
    const rows = await this.txHost.tx.query<Array<{ id: string }>>(
      `WITH marked AS (UPDATE alerts SET last_notified = $2 WHERE id = ANY($1::char(24)[]) RETURNING id)
       SELECT id FROM marked`,
      [alertIds, at],
    );
    return rows.length;
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

  // TRACKING alerts whose condition has lasted their configuration's delay (a project's or a global one), in
  // the caller's transaction:
  // locks up to `limit` of them (SKIP LOCKED, so instances sweeping at once share the work) until the
  // caller's transaction ends; returns their ids, oldest first.
  async claimDueTracking(now: Date, limit: number): Promise<string[]> {
    const due = await this.txHost.tx.query<Array<{ id: string }>>(
      `SELECT a.id FROM alerts a
         JOIN (SELECT id, notifications FROM alert_configs
               UNION ALL SELECT id, notifications FROM global_alert_configs) c ON c.id = a.alert_config_id
       WHERE a.status = 'TRACKING'
         AND a.created + make_interval(mins => COALESCE((
               SELECT min((n ->> 'delayMin')::int) FROM jsonb_array_elements(c.notifications) AS n), 0)) <= $1
       ORDER BY a.created, a.id
       LIMIT ${limit}
       FOR UPDATE OF a SKIP LOCKED`,
      [now],
    );
    return due.map((row) => row.id);
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
