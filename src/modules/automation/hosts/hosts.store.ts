import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { newObjectId } from '../../../platform/ids/object-id';
import { onHostReport } from '../agents/agent-transitions';
import type { ReportHostRequest } from '../agents/dto/report-host.request';
import type { HostEventType } from '../automation.events';
import { lockHostGrowth } from '../automation.locks';
import { mergeFacts, UNREPORTED_FACTS } from './host-facts';
import { checkHostGrowth, type HostCaps } from './host-caps';
import { clusterIdOf, hostAndPort } from './host-keys';
import { hostChangeEvents } from './host-transitions';
import type { HostEntity } from './host.entity';
import { hostFromRow } from './host.mapper';

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

export interface HostSnapshotRow extends SilentHost {
  up: boolean;
  alerts_enabled: boolean;
  last_ping: Date | null;
  last_reported: Date | null;
  version: string | null;
  ssl_certificate_not_after: Date | null;
}

export interface SnapshotFilter {
  ids?: readonly string[];
  replicaSetNames?: readonly string[];
  clusterNames?: readonly string[];
}

export interface ReportedHost {
  host: HostEntity;
  reported: ReportHostRequest;
  events: HostEventType[];
  // What was known before this report (undefined on first sight).
  previous?: HostEntity;
}

// The hosts table's SQL. `apply` applies the hosts of a report inside its transaction (the caller holds
// the project's deployment lock in shared mode): a host is created on first sight with a new id (within the
// growth caps), updated afterwards, and skipped while monitoring is stopped. At most five statements
// whatever the number of hosts.
@Injectable()
export class HostsStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // The projects that have monitored hosts, for engines that walk every deployment.
  async monitoredGroupIds(): Promise<string[]> {
    const rows = await this.txHost.tx.query<Array<{ group_id: string }>>(
      'SELECT DISTINCT group_id FROM hosts WHERE monitored ORDER BY group_id',
    );
    return rows.map((row) => row.group_id);
  }

  // What other contexts may know of monitored hosts (DeploymentReader's snapshots), as plain rows: the
  // alert engine reads a project's whole deployment when a configuration is written and the members of
  // a report's replica sets on every report, so no entity is built per host. Optionally narrowed to
  // some ids, or to the members of some replica sets and clusters.
  async monitoredSnapshots(groupId: string, only: SnapshotFilter = {}): Promise<HostSnapshotRow[]> {
    const params: unknown[] = [groupId];
    let narrowed = '';
    if (only.ids !== undefined) {
      params.push(only.ids);
      narrowed = ` AND id = ANY($2::char(24)[])`;
    } else if (only.replicaSetNames !== undefined || only.clusterNames !== undefined) {
      params.push(only.replicaSetNames ?? [], only.clusterNames ?? []);
      narrowed = ` AND (replica_set_name = ANY($2::varchar[]) OR cluster_name = ANY($3::varchar[]))`;
    }
    return this.txHost.tx.query<HostSnapshotRow[]>(
      `SELECT id, group_id, hostname, port, type_name, replica_set_name, cluster_id, cluster_name, up,
              alerts_enabled, last_ping, last_reported, version, ssl_certificate_not_after
       FROM hosts WHERE group_id = $1 AND monitored${narrowed}
       ORDER BY hostname, port`,
      params,
    );
  }

  // Each row is flipped by one conditional UPDATE, so concurrent sweeps (several instances) return it once.
  async markSilentDown(cutoff: Date): Promise<SilentHost[]> {
    return this.txHost.tx.query<SilentHost[]>(
      `WITH down AS (
       UPDATE hosts SET up = false WHERE up AND monitored AND last_reported < $1
       RETURNING id, group_id, hostname, port, type_name, replica_set_name, cluster_id, cluster_name)
     SELECT * FROM down ORDER BY group_id, hostname, port`,
      [cutoff],
    );
  }

  async apply(
    groupId: string,
    hosts: ReportHostRequest[],
    now: Date,
    caps: HostCaps,
  ): Promise<ReportedHost[]> {
    // Reports of one project run concurrently. The rows of known hosts are locked below, in one order for
    // every report, so two reports naming the same host run one after the other. A host not known yet has
    // no row to lock: the reports that create hosts in a project take its growth lock first, holding no
    // host row yet (a report waiting for it never holds a row its holder wants), and then read the hosts
    // as the previous holder committed them, so a host is created once and the project's cap counts
    // every host created before.
    const keys = new Set(hosts.map((host) => hostAndPort(host.hostname, host.port)));
    if ((await this.knownOf(groupId, hosts)) < keys.size) await lockHostGrowth(this.txHost.tx, groupId);
    const existing = await this.existing(groupId, hosts);
    const added = [...keys].filter((key) => !existing.has(key)).length;
    if (added > 0) checkHostGrowth(added, await this.countIn(groupId), caps, true);
    const applied: ReportedHost[] = [];
    for (const reported of hosts) {
      const previous = existing.get(hostAndPort(reported.hostname, reported.port));
      if (previous && !previous.monitored) continue;
      const known = previous ?? newHost(groupId, reported, now);
      const host: HostEntity = {
        ...known,
        ...mergeFacts(known, reported),
        typeName: reported.typeName,
        replicaSetName: reported.replicaSetName ?? null,
        clusterName: reported.clusterName ?? null,
        clusterId: clusterIdOf(groupId, reported.clusterName, reported.replicaSetName),
        up: reported.up,
        lastPing: reported.up ? now : (previous?.lastPing ?? null),
        lastReported: now,
      };
      const events = [
        ...onHostReport(previous ? previous.up : null, reported.up),
        ...hostChangeEvents(previous, host),
      ];
      applied.push({ host, reported, events, previous });
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

  // How many of these hosts (distinct) the project holds, read without locking anything.
  private async knownOf(groupId: string, hosts: ReportHostRequest[]): Promise<number> {
    const [row] = await this.txHost.tx.query<Array<{ known: number }>>(
      `SELECT count(*)::int AS known FROM hosts WHERE group_id = $1
         AND (hostname, port) IN (SELECT * FROM unnest($2::varchar[], $3::integer[]))`,
      [groupId, hosts.map((host) => host.hostname), hosts.map((host) => host.port)],
    );
    return row.known;
  }

  private async existing(groupId: string, hosts: ReportHostRequest[]): Promise<Map<string, HostEntity>> {
    // Locked so that another report of these hosts, or a liveness sweep marking one of them down, is ordered
    // before or after this report; in the order of the rows, so that two reports lock their common hosts in
    // the same order.
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
      version: host.version,
      ip_address: host.ipAddress,
      uptime_msec: host.uptimeMsec,
      journaling_enabled: host.journalingEnabled,
      has_startup_warnings: host.hasStartupWarnings,
      low_ulimit: host.lowUlimit,
      ssl_enabled: host.sslEnabled,
      last_data_size_bytes: host.lastDataSizeBytes,
      last_index_size_bytes: host.lastIndexSizeBytes,
      ssl_certificate_not_after: host.sslCertificateNotAfter?.toISOString() ?? null,
      aliases: host.aliases,
      hidden_secondary: host.hiddenSecondary,
      last_restart: host.lastRestart?.toISOString() ?? null,
      slave_delay_sec: host.slaveDelaySec,
    }));
    // The facts were merged with the locked row above, so the values written are final.
    await this.txHost.tx.query(
      `INSERT INTO hosts (id, group_id, hostname, port, type_name, replica_set_name, cluster_name, cluster_id, up,
         monitored, alerts_enabled, logs_enabled, profiler_enabled, ssl_enabled, created, last_ping, last_reported,
         version, ip_address, uptime_msec, journaling_enabled, has_startup_warnings, low_ulimit,
         last_data_size_bytes, last_index_size_bytes, ssl_certificate_not_after, aliases, hidden_secondary,
         last_restart, slave_delay_sec)
       SELECT r.id, $1, r.hostname, r.port, r.type_name, r.replica_set_name, r.cluster_name, r.cluster_id, r.up,
         true, true, false, false, r.ssl_enabled, $2, r.last_ping, $2,
         r.version, r.ip_address, r.uptime_msec, r.journaling_enabled, r.has_startup_warnings, r.low_ulimit,
         r.last_data_size_bytes, r.last_index_size_bytes, r.ssl_certificate_not_after, r.aliases,
         r.hidden_secondary, r.last_restart, r.slave_delay_sec
       FROM jsonb_to_recordset($3::jsonb) AS r(id char(24), hostname varchar, port integer, type_name varchar,
         replica_set_name varchar, cluster_name varchar, cluster_id char(24), up boolean, last_ping timestamptz,
         version varchar, ip_address varchar, uptime_msec bigint, journaling_enabled boolean,
         has_startup_warnings boolean, low_ulimit boolean, ssl_enabled boolean, last_data_size_bytes bigint,
         last_index_size_bytes bigint, ssl_certificate_not_after timestamptz, aliases text[],
         hidden_secondary boolean, last_restart timestamptz, slave_delay_sec integer)
       ON CONFLICT (group_id, hostname, port) DO UPDATE SET type_name = EXCLUDED.type_name,
         replica_set_name = EXCLUDED.replica_set_name, cluster_name = EXCLUDED.cluster_name,
         cluster_id = EXCLUDED.cluster_id, up = EXCLUDED.up, last_ping = EXCLUDED.last_ping,
         last_reported = EXCLUDED.last_reported, version = EXCLUDED.version, ip_address = EXCLUDED.ip_address,
         uptime_msec = EXCLUDED.uptime_msec, journaling_enabled = EXCLUDED.journaling_enabled,
         has_startup_warnings = EXCLUDED.has_startup_warnings, low_ulimit = EXCLUDED.low_ulimit,
         ssl_enabled = EXCLUDED.ssl_enabled, last_data_size_bytes = EXCLUDED.last_data_size_bytes,
         last_index_size_bytes = EXCLUDED.last_index_size_bytes,
         ssl_certificate_not_after = EXCLUDED.ssl_certificate_not_after, aliases = EXCLUDED.aliases,
         hidden_secondary = EXCLUDED.hidden_secondary, last_restart = EXCLUDED.last_restart,
         slave_delay_sec = EXCLUDED.slave_delay_sec`,
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
    ...UNREPORTED_FACTS,
  };
}
