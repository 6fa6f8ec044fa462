import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { ActiveAlert } from './alert-evaluator';

// The read every report makes (a report's hosts x the project's configurations): plain SQL with two array
// parameters, where the ORM's IN lists cost a parameter and a query rewrite per target.
@Injectable()
export class AlertSlotsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // The TRACKING and OPEN alerts of these configurations on these targets, oldest first.
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
}
