import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

export const ATTEMPT_OUTCOMES = ['SUCCEEDED', 'RETRY', 'FAILED'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];

// One call of a notifier for a delivery: what the receiver answered and what was decided.
@Entity({ name: 'delivery_attempts' })
@Check('delivery_attempts_outcome_check', `outcome IN ('SUCCEEDED', 'RETRY', 'FAILED')`)
export class DeliveryAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'char', length: 24 })
  deliveryId!: string;

  @PrimaryColumn({ name: 'attempt_number', type: 'integer' })
  attemptNumber!: number;

  @Column({ type: 'timestamptz', precision: 3 })
  started!: Date;

  @Column({ type: 'varchar', length: 16 })
  outcome!: AttemptOutcome;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'latency_ms', type: 'integer' })
  latencyMs!: number;

  @Column({ type: 'text', nullable: true })
  response!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', precision: 3, nullable: true })
  nextAttemptAt!: Date | null;
}
