import type { EntityManager, QueryRunner } from 'typeorm';
import {
  lockAllForTransaction,
  lockForTransaction,
  lockSharedForTransaction,
  tryLockForSession,
  unlockForSession,
} from '../../platform/database/advisory-lock';

// The advisory locks of the automation context: every key it locks is built here.

function deploymentKey(groupId: string): string {
  return `automation:deployment:${groupId}`;
}

// Excludes every other writer of one project's deployment for the rest of the caller's transaction: host
// add/remove and the project's deletion change what all of the project's reports read (which hosts are
// monitored, that the project exists).
export async function lockDeployment(tx: EntityManager, groupId: string): Promise<void> {
  await lockForTransaction(tx, deploymentKey(groupId));
}

// Who sends a report and what it replaces besides its hosts (whose rows HostsStore locks).
export interface ReportLocks {
  agentHostname: string;
  // Whether the report replaces its agent's automation processes.
  processes: boolean;
}

// An agent report reads the previous state of its agent and of its hosts, derives events from it and writes
// the new state, with no other writer of them in between. Reports of one project run together (the
// deployment lock in shared mode: host add/remove and the project's deletion still wait for them, and they
// for those); two reports of the same agent run one after the other (an exclusive lock per agent: its row
// may not exist yet). An agent is keyed by its hostname alone: the agents of one machine share it, and its
// processes. The processes of a project are one lock: a process may move from one agent to another, and
// the report that drops it and the report that takes it write the same row. The exclusive locks are taken
// in one statement, in one order, so that two reports never wait for each other both ways.
export async function lockReport(tx: EntityManager, groupId: string, report: ReportLocks): Promise<void> {
  await lockSharedForTransaction(tx, deploymentKey(groupId));
  await lockAllForTransaction(tx, [
    `automation:agent:${groupId}:${report.agentHostname}`,
    ...(report.processes ? [`automation:processes:${groupId}`] : []),
  ]);
}

// Serializes the reports that create hosts in one project, from the reading of their hosts to the commit:
// a host is created once, and two reports adding hosts at once do not both pass the project's cap. Taken
// before locking any host row.
export async function lockHostGrowth(tx: EntityManager, groupId: string): Promise<void> {
  await lockForTransaction(tx, `automation:host-growth:${groupId}`);
}

// Creating measurement partitions runs one at a time across instances, so two reports opening the same
// slot do not both create it.
export async function lockMeasurementPartitions(tx: EntityManager): Promise<void> {
  await lockForTransaction(tx, 'automation:measurement-partitions');
}

// The retention job runs on one instance at a time; the others skip their turn. A session lock: a
// concurrent detach cannot run inside a transaction, so no transaction lock can cover it. A key of its
// own: a detach waiting for old reads to end must not hold up the creation of the partition the reports
// need next. Returns `skipped` when another instance holds it.
export async function whileRetentionLocked<T>(
  session: QueryRunner,
  work: () => Promise<T>,
  skipped: T,
): Promise<T> {
  const key = 'automation:measurement-retention';
  if (!(await tryLockForSession(session, key))) return skipped;
  try {
    return await work();
  } finally {
    await unlockForSession(session, key);
  }
}
