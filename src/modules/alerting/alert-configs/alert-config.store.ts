import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { AlertConfigEntity } from './alert-config.entity';

// An alert configuration whose TEAM or USER notification names someone.
export interface NamingConfig {
  groupId: string;
  alertConfigId: string;
  // The user a USER notification names; the team id for TEAM.
  named: string;
}

// The SQL of the alert_configs table.
@Injectable()
export class AlertConfigStore {
  private readonly byId: PreparedRead<AlertConfigEntity>;
  private readonly lockedById: PreparedRead<AlertConfigEntity>;

  // One configuration of a project, as read by GET and, locked, by the changes (PUT, enable/disable,
  // delete): prepared statements (prepared-reads.ts) instead of TypeORM's findOne, whose query building
  // and hydration cost more CPU than the statement, spent while the row lock is held.
  constructor(
    reads: PreparedReads,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {
    this.byId = reads.define(AlertConfigEntity, 'WHERE id = $1 AND group_id = $2');
    this.lockedById = reads.define(AlertConfigEntity, 'WHERE id = $1 AND group_id = $2 FOR UPDATE');
  }

  // `forUpdate` only inside a transaction: the row stays locked until it ends.
  async find(
    groupId: string,
    alertConfigId: string,
    forUpdate: boolean,
  ): Promise<AlertConfigEntity | undefined> {
    const read = forUpdate ? this.lockedById : this.byId;
    return (await read([alertConfigId, groupId]))[0];
  }

  // PUT's write: every column a replacement sets, in one UPDATE. TypeORM's save would read the row again
  // and diff it first, one more round trip while the row lock is held.
  async update(entity: AlertConfigEntity): Promise<void> {
    await this.txHost.tx.query(
      `UPDATE alert_configs SET event_type_name = $2, enabled = $3, matchers = $4, metric_threshold = $5,
       threshold = $6, notifications = $7, updated = $8
     WHERE id = $1`,
      [
        entity.id,
        entity.eventTypeName,
        entity.enabled,
        JSON.stringify(entity.matchers),
        jsonOrNull(entity.metricThreshold),
        jsonOrNull(entity.threshold),
        JSON.stringify(entity.notifications),
        entity.updated,
      ],
    );
  }

  // Which configurations name a team or users in their notifications (teamId and username are stored in
  // clear; only secrets are sealed).
  namingTeam(teamId: string): Promise<NamingConfig[]> {
    return this.naming('TEAM', 'teamId', [teamId]);
  }

  namingUsers(usernames: string[]): Promise<NamingConfig[]> {
    return this.naming('USER', 'username', usernames);
  }

  private async naming(typeName: string, field: string, names: string[]): Promise<NamingConfig[]> {
    if (names.length === 0) return [];
    const rows: Array<{ id: string; group_id: string; named: string }> = await this.txHost.tx.query(
      `SELECT DISTINCT c.group_id, c.id, n ->> $2 AS named
         FROM alert_configs c CROSS JOIN LATERAL jsonb_array_elements(c.notifications) n
        WHERE n ->> 'typeName' = $1 AND n ->> $2 = ANY($3::text[])
        ORDER BY c.group_id, c.id`,
      [typeName, field, names],
    );
    return rows.map((row) => ({ groupId: row.group_id, alertConfigId: row.id, named: row.named }));
  }
}

// jsonb parameters go as JSON text (pg would send a JS array as a Postgres array); null stays SQL NULL.
function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
