import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { DeliveryStatus } from './delivery.entity';

// The new state of one delivery after an attempt.
export interface DeliveryOutcome {
  id: string;
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
}

// One statement for the outcomes of many attempts (a storm's deliveries end together): each row is
// released and takes its new state only while `owner` still leases it and it is PENDING; a row whose
// lease lapsed and went to another instance keeps that instance's state.
// (A SELECT over the UPDATE: TypeORM answers a bare UPDATE ... RETURNING as [rows, count].)
const SETTLE = `
  WITH settled AS (
  UPDATE deliveries AS d
     SET status = u.status, next_attempt_at = u.next_attempt_at, lease_owner = NULL, lease_until = NULL,
         last_status_code = u.last_status_code, last_error = u.last_error, updated = $1,
         completed = CASE WHEN u.status = 'PENDING' THEN NULL ELSE $1::timestamptz END
    FROM unnest($3::char(24)[], $4::text[], $5::timestamptz[], $6::int[], $7::text[])
         AS u(id, status, next_attempt_at, last_status_code, last_error)
   WHERE d.id = u.id AND d.lease_owner = $2 AND d.status = 'PENDING'
  RETURNING d.id)
  SELECT id FROM settled`;

@Injectable()
export class DeliveryOutcomeStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // In the caller's transaction; answers the ids this owner still held (and has now released).
  async settle(owner: string, now: Date, outcomes: DeliveryOutcome[]): Promise<Set<string>> {
    if (outcomes.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.txHost.tx.query(SETTLE, [
      now,
      owner,
      outcomes.map((o) => o.id),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.nextAttemptAt),
      outcomes.map((o) => o.lastStatusCode),
      outcomes.map((o) => o.lastError),
    ]);
    return new Set(rows.map((row) => row.id));
  }
}
