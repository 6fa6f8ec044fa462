import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, type FindOptionsWhere } from 'typeorm';
import { AgentEntity } from './agents/agent.entity';
import { lockDeployment } from './automation.locks';
import type { AgentLiveness, VersionState } from './agents/agent-transitions';
import type { AgentType } from './agents/agent-types';
import { HostEntity } from './hosts/host.entity';
import { HostsStore } from './hosts/hosts.store';
import { LatestMeasurementEntity } from './measurements/latest-measurement.entity';

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
    const hosts = await this.txHost.tx
      .getRepository(HostEntity)
      .find({ where: { groupId, monitored: true }, order: { hostname: 'ASC', port: 'ASC' } });
    return hosts.map(toSnapshot);
  }

  // The monitored members of these replica sets and clusters, by hostname and port: what a set's or a
  // cluster's condition needs, read without the project's other hosts (a report names a few sets of a
  // deployment that may hold tens of thousands of hosts).
  async membersOf(
    groupId: string,
    replicaSetNames: readonly string[],
    clusterNames: readonly string[],
  ): Promise<HostSnapshot[]> {
    const where: Array<FindOptionsWhere<HostEntity>> = [];
    if (replicaSetNames.length > 0)
      where.push({ groupId, monitored: true, replicaSetName: In([...replicaSetNames]) });
    if (clusterNames.length > 0) where.push({ groupId, monitored: true, clusterName: In([...clusterNames]) });
    if (where.length === 0) return [];
    const hosts = await this.txHost.tx
      .getRepository(HostEntity)
      .find({ where, order: { hostname: 'ASC', port: 'ASC' } });
    return hosts.map(toSnapshot);
  }

  async host(groupId: string, hostId: string): Promise<HostSnapshot | null> {
    const host = await this.txHost.tx
      .getRepository(HostEntity)
      .findOneBy({ id: hostId, groupId, monitored: true });
    return host ? toSnapshot(host) : null;
  }

  // The monitored ones of these hosts, in one read (the hosts a report marked down, say).
  async hostsById(groupId: string, hostIds: readonly string[]): Promise<HostSnapshot[]> {
    if (hostIds.length === 0) return [];
    const hosts = await this.txHost.tx
      .getRepository(HostEntity)
      .findBy({ id: In([...new Set(hostIds)]), groupId, monitored: true });
    return hosts.map(toSnapshot);
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

  // The newest value of each metric of the project's hosts (optionally one host, some metrics).
  async latestMeasurements(
    groupId: string,
    filter: { hostId?: string; metricNames?: string[] } = {},
  ): Promise<LatestMeasurement[]> {
    const where: FindOptionsWhere<LatestMeasurementEntity> = { groupId };
    if (filter.hostId !== undefined) where.hostId = filter.hostId;
    if (filter.metricNames !== undefined) where.metricName = In(filter.metricNames);
    const rows = await this.txHost.tx
      .getRepository(LatestMeasurementEntity)
      .find({ where, order: { hostId: 'ASC', metricName: 'ASC' } });
    return rows.map((row) => ({
      groupId: row.groupId,
      hostId: row.hostId,
      metricName: row.metricName,
      units: row.units,
      value: row.value,
      timestamp: row.ts,
    }));
  }
}

function toSnapshot(host: HostEntity): HostSnapshot {
  return {
    id: host.id,
    groupId: host.groupId,
    hostname: host.hostname,
    port: host.port,
    typeName: host.typeName,
    replicaSetName: host.replicaSetName,
    clusterId: host.clusterId,
    clusterName: host.clusterName,
    up: host.up,
    alertsEnabled: host.alertsEnabled,
    lastPing: host.lastPing,
    lastReported: host.lastReported,
    version: host.version,
    sslCertificateNotAfter: host.sslCertificateNotAfter,
  };
}
