import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { newObjectId } from '../../../platform/ids/object-id';
import { onHostReport } from '../agents/agent-transitions';
import type { ReportHostRequest } from '../agents/dto/report-host.request';
import type { AutomationEventType } from '../automation.events';
import { checkHostGrowth, type HostCaps } from './host-caps';
import { clusterIdOf, hostAndPort } from './host-keys';
import type { HostEntity } from './host.entity';
import { hostFromRow } from './host.mapper';

export interface ReportedHost {
  host: HostEntity;
  reported: ReportHostRequest;
  events: AutomationEventType[];
}

// Applies the hosts of a report inside its transaction (the caller holds the deployment lock): a host is
// created on first sight with a new id (within the growth caps), updated afterwards, and skipped while
// monitoring is stopped. At most three statements whatever the number of hosts.
@Injectable()
export class HostReportWriter {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async apply(
    groupId: string,
    hosts: ReportHostRequest[],
    now: Date,
    caps: HostCaps,
  ): Promise<ReportedHost[]> {
    const existing = await this.existing(groupId, hosts);
    const added = new Set(
      hosts.map((host) => hostAndPort(host.hostname, host.port)).filter((key) => !existing.has(key)),
    ).size;
    if (added > 0) checkHostGrowth(added, await this.countIn(groupId), caps, true);
    const applied: ReportedHost[] = [];
    for (const reported of hosts) {
      const previous = existing.get(hostAndPort(reported.hostname, reported.port));
      if (previous && !previous.monitored) continue;
      const host: HostEntity = {
        ...(previous ?? newHost(groupId, reported, now)),
        typeName: reported.typeName,
        replicaSetName: reported.replicaSetName ?? null,
        clusterName: reported.clusterName ?? null,
        clusterId: clusterIdOf(groupId, reported.clusterName, reported.replicaSetName),
        up: reported.up,
        lastPing: reported.up ? now : (previous?.lastPing ?? null),
        lastReported: now,
      };
      applied.push({ host, reported, events: onHostReport(previous ? previous.up : null, reported.up) });
    }
    if (applied.length > 0) await this.upsert(groupId, applied, now);
    return applied;
  }

  private async countIn(groupId: string): Promise<number> {
    const [row] = await this.txHost.tx.query<Array<{ hosts: number }>>(
      'SELECT count(*)::int AS hosts FROM hosts WHERE group_id = $1',
      [groupId],
    );
    return row.hosts;
  }

  private async existing(groupId: string, hosts: ReportHostRequest[]): Promise<Map<string, HostEntity>> {
    // Locked so that a liveness sweep marking one of them down is ordered before or after this report.
    const rows = await this.txHost.tx.query<Array<Record<string, unknown>>>(
      `SELECT * FROM hosts WHERE group_id = $1
         AND (hostname, port) IN (SELECT * FROM unnest($2::varchar[], $3::integer[]))
       ORDER BY hostname, port FOR UPDATE`,
      [groupId, hosts.map((host) => host.hostname), hosts.map((host) => host.port)],
    );
    return new Map(rows.map(hostFromRow).map((host) => [hostAndPort(host.hostname, host.port), host]));
  }

  private async upsert(groupId: string, applied: ReportedHost[], now: Date): Promise<void> {
    const rows = applied.map(({ host }) => ({
      id: host.id,
      hostname: host.hostname,
      port: host.port,
      type_name: host.typeName,
      replica_set_name: host.replicaSetName,
      cluster_name: host.clusterName,
      cluster_id: host.clusterId,
      up: host.up,
      last_ping: host.lastPing?.toISOString() ?? null,
    }));
    await this.txHost.tx.query(
      `INSERT INTO hosts (id, group_id, hostname, port, type_name, replica_set_name, cluster_name, cluster_id, up,
         monitored, alerts_enabled, logs_enabled, profiler_enabled, ssl_enabled, created, last_ping, last_reported)
       SELECT r.id, $1, r.hostname, r.port, r.type_name, r.replica_set_name, r.cluster_name, r.cluster_id, r.up,
         true, true, false, false, false, $2, r.last_ping, $2
       FROM jsonb_to_recordset($3::jsonb) AS r(id char(24), hostname varchar, port integer, type_name varchar,
         replica_set_name varchar, cluster_name varchar, cluster_id char(24), up boolean, last_ping timestamptz)
       ON CONFLICT (group_id, hostname, port) DO UPDATE SET type_name = EXCLUDED.type_name,
         replica_set_name = EXCLUDED.replica_set_name, cluster_name = EXCLUDED.cluster_name,
         cluster_id = EXCLUDED.cluster_id, up = EXCLUDED.up, last_ping = EXCLUDED.last_ping,
         last_reported = EXCLUDED.last_reported`,
      [groupId, now, JSON.stringify(rows)],
    );
  }
}

function newHost(groupId: string, reported: ReportHostRequest, now: Date): HostEntity {
  return {
    id: newObjectId(now),
    groupId,
    hostname: reported.hostname,
    port: reported.port,
    typeName: reported.typeName,
    replicaSetName: null,
    clusterName: null,
    clusterId: null,
    up: reported.up,
    monitored: true,
    alertsEnabled: true,
    logsEnabled: false,
    profilerEnabled: false,
    sslEnabled: false,
    username: null,
    authMechanismName: null,
    created: now,
    lastPing: null,
    lastReported: now,
  };
}
