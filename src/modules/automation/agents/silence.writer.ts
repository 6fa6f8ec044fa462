import type { EntityManager } from 'typeorm';
import type { AgentType } from './agent-types';

export interface SilentAgent {
  group_id: string;
  agent_type: AgentType;
  hostname: string;
  version: string;
}

export interface SilentHost {
  id: string;
  group_id: string;
  hostname: string;
  port: number;
  type_name: string;
  replica_set_name: string | null;
  cluster_id: string | null;
  cluster_name: string | null;
}

// Each row is flipped by one conditional UPDATE, so concurrent sweeps (several instances) return it once.
export async function markSilentAgentsDown(tx: EntityManager, cutoff: Date): Promise<SilentAgent[]> {
  return tx.query<SilentAgent[]>(
    `WITH down AS (
       UPDATE agents SET state = 'DOWN' WHERE state = 'UP' AND last_seen < $1
       RETURNING group_id, agent_type, hostname, version)
     SELECT * FROM down ORDER BY group_id, agent_type, hostname`,
    [cutoff],
  );
}

export async function markSilentHostsDown(tx: EntityManager, cutoff: Date): Promise<SilentHost[]> {
  return tx.query<SilentHost[]>(
    `WITH down AS (
       UPDATE hosts SET up = false WHERE up AND monitored AND last_reported < $1
       RETURNING id, group_id, hostname, port, type_name, replica_set_name, cluster_id, cluster_name)
     SELECT * FROM down ORDER BY group_id, hostname, port`,
    [cutoff],
  );
}
