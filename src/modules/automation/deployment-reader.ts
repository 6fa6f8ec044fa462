import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { AgentEntity } from './agents/agent.entity';
import { lockDeployment } from './automation.locks';
import type { AgentLiveness, VersionState } from './agents/agent-transitions';
import type { AgentType } from './agents/agent-types';
import { HostsStore, type HostSnapshotRow } from './hosts/hosts.store';
import { MeasurementStore } from './measurements/measurement.store';

// What other contexts (the alert engine) may know about a project's deployment: plain snapshots, never
// entities.
export interface HostSnapshot {
  id: string;
  groupId: string;
  hostname: string;
  port: number;
  typeName: string;
  replicaSetName: string | null;
  clusterId: string | null;
  clusterName: string | null;
  up: boolean;
  alertsEnabled: boolean;
  lastPing: Date | null;
  lastReported: Date | null;
  version: string | null;
  sslCertificateNotAfter: Date | null;
}

export interface AgentSnapshot {
  agentType: AgentType;
  hostname: string;
  state: AgentLiveness;
  versionState: VersionState | null;
  lastSeen: Date;
}

export interface LatestMeasurement {
  groupId: string;
  hostId: string;
  metricName: string;
  units: string;
  value: number;
  timestamp: Date;
}

@Injectable()
export class DeploymentReader {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly hostsStore: HostsStore,
    private readonly measurements: MeasurementStore,
  ) {}

  // Until the caller's transaction ends, no report of the project is written or evaluated: those under way
  // commit first, the next ones wait (host add/remove's exclusive deployment lock). What the caller reads
  // of the deployment then stays the latest, and the reports' alert evaluation never holds an alert it
  // also wants. Taken before any lock the caller takes on the alerting side.
  async holdReports(groupId: string): Promise<void> {
    await lockDeployment(this.txHost.tx, groupId);
  }

  // The monitored hosts of a project, by hostname and port.
  async hosts(groupId: string): Promise<HostSnapshot[]> {
    return (await this.hostsStore.monitoredSnapshots(groupId)).map(toSnapshot);
  }

  // The monitored members of these replica sets and clusters, by hostname and port: what a set's or a
  // cluster's condition needs, read without the project's other hosts (a report names a few sets of a
  // deployment that may hold tens of thousands of hosts).
  async membersOf(
    groupId: string,
    replicaSetNames: readonly string[],
    clusterNames: readonly string[],
  ): Promise<HostSnapshot[]> {
    if (replicaSetNames.length === 0 && clusterNames.length === 0) return [];
    const rows = await this.hostsStore.monitoredSnapshots(groupId, { replicaSetNames, clusterNames });
    return rows.map(toSnapshot);
  }

  async host(groupId: string, hostId: string): Promise<HostSnapshot | null> {
    const [row] = await this.hostsStore.monitoredSnapshots(groupId, { ids: [hostId] });
    return row ? toSnapshot(row) : null;
  }

  // The monitored ones of these hosts, in one read (the hosts a report marked down, say).
  async hostsById(groupId: string, hostIds: readonly string[]): Promise<HostSnapshot[]> {
    if (hostIds.length === 0) return [];
    const rows = await this.hostsStore.monitoredSnapshots(groupId, { ids: [...new Set(hostIds)] });
    return rows.map(toSnapshot);
  }

  // Whether a monitoring agent of the project is up: any one of them watches every host (a standby agent
  // takes over from one that went down).
  async monitoringAgentUp(groupId: string): Promise<boolean> {
    return this.txHost.tx
      .getRepository(AgentEntity)
      .existsBy({ groupId, agentType: 'MONITORING', state: 'UP' });
  }

  // The agents of a project, with their liveness and version state.
  async agents(groupId: string): Promise<AgentSnapshot[]> {
    const agents = await this.txHost.tx
      .getRepository(AgentEntity)
      .find({ where: { groupId }, order: { agentType: 'ASC', hostname: 'ASC' } });
    return agents.map((agent) => ({
      agentType: agent.agentType,
      hostname: agent.hostname,
      state: agent.state,
      versionState: agent.versionState,
      lastSeen: agent.lastSeen,
    }));
  }

  // The projects that have monitored hosts, for engines that walk every deployment.
  async groupsWithHosts(): Promise<string[]> {
    return this.hostsStore.monitoredGroupIds();
  }

  // The newest value of each metric of the project's hosts (optionally some hosts, some metrics).
  async latestMeasurements(
    groupId: string,
    filter: { hostIds?: readonly string[]; metricNames?: readonly string[] } = {},
  ): Promise<LatestMeasurement[]> {
    const rows = await this.measurements.latestOf(groupId, filter);
    return rows.map((row) => ({
      groupId,
      hostId: row.host_id,
      metricName: row.metric_name,
      units: row.units,
      value: row.value,
      timestamp: row.ts,
    }));
  }
}

function toSnapshot(row: HostSnapshotRow): HostSnapshot {
  return {
    id: row.id,
    groupId: row.group_id,
    hostname: row.hostname,
    port: row.port,
    typeName: row.type_name,
    replicaSetName: row.replica_set_name,
    clusterId: row.cluster_id,
    clusterName: row.cluster_name,
    up: row.up,
    alertsEnabled: row.alerts_enabled,
    lastPing: row.last_ping,
    lastReported: row.last_reported,
    version: row.version,
    sslCertificateNotAfter: row.ssl_certificate_not_after,
  };
}
