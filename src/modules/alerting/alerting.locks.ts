import type { EntityManager } from 'typeorm';
import { lockAllForTransaction, lockForTransaction } from '../../platform/database/advisory-lock';

// The advisory locks of the alerting context: every key it locks is built here.

// A project's replica-set and cluster conditions read every member: their evaluations (after a report or
// a liveness change, and after a configuration is written) run one after the other. Taken after every
// lock of the deployment a report holds; no deployment lock is taken after it.
export async function lockDeploymentConditions(tx: EntityManager, groupId: string): Promise<void> {
  await lockForTransaction(tx, `alerting:deployment-conditions:${groupId}`);
}

// Serializes raising one (project, configuration, target)'s alert: a concurrent raise waits, then sees the
// winner.
export async function lockAlertTarget(
  tx: EntityManager,
  groupId: string,
  alertConfigId: string,
  targetKey: string,
): Promise<void> {
  await lockForTransaction(tx, alertTargetKey(groupId, alertConfigId, targetKey));
}

// The same locks for every alert one report raises, in one statement (taken in lock-number order, so two
// batches overlapping never deadlock on each other).
export async function lockAlertTargets(
  tx: EntityManager,
  targets: ReadonlyArray<{ groupId: string; alertConfigId: string; targetKey: string }>,
): Promise<void> {
  await lockAllForTransaction(
    tx,
    targets.map((target) => alertTargetKey(target.groupId, target.alertConfigId, target.targetKey)),
  );
}

function alertTargetKey(groupId: string, alertConfigId: string, targetKey: string): string {
  return `alerts:${groupId}:${alertConfigId}:${targetKey}`;
}
