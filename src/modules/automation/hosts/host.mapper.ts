import type { EventSubject } from '../../../platform/events/domain-event';
import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import { isShardMember, replicaStateNameOf } from './host-types';
import type { HostEntity } from './host.entity';
import type { HostResponse } from './dto/host.response';

export function hostPath(groupId: string, hostId: string): string {
  return `/groups/${groupId}/hosts/${hostId}`;
}

export function toHostResponse(host: HostEntity, links: LinkResponse[]): HostResponse {
  const response: HostResponse = {
    id: host.id,
    groupId: host.groupId,
    hostname: host.hostname,
    port: host.port,
    typeName: host.typeName,
    created: toIsoSeconds(host.created),
    alertsEnabled: host.alertsEnabled,
    hostEnabled: true,
    hidden: false,
    deactivated: false,
    logsEnabled: host.logsEnabled,
    profilerEnabled: host.profilerEnabled,
    sslEnabled: host.sslEnabled,
    aliases: [...host.aliases],
    links,
  };
  if (host.replicaSetName !== null) response.replicaSetName = host.replicaSetName;
  // A member the agent cannot reach is DOWN, whatever it was last seen as.
  const replicaStateName = replicaStateNameOf(host.typeName);
  if (replicaStateName !== undefined) response.replicaStateName = host.up ? replicaStateName : 'DOWN';
  if (host.replicaSetName !== null && isShardMember(host.typeName)) response.shardName = host.replicaSetName;
  if (host.clusterId !== null) response.clusterId = host.clusterId;
  if (host.lastPing !== null) response.lastPing = toIsoSeconds(host.lastPing);
  if (host.username !== null) response.username = host.username;
  if (host.authMechanismName !== null) response.authMechanismName = host.authMechanismName;
  if (host.version !== null) response.version = host.version;
  if (host.ipAddress !== null) response.ipAddress = host.ipAddress;
  if (host.uptimeMsec !== null) response.uptimeMsec = host.uptimeMsec;
  if (host.journalingEnabled !== null) response.journalingEnabled = host.journalingEnabled;
  if (host.hasStartupWarnings !== null) response.hasStartupWarnings = host.hasStartupWarnings;
  if (host.lowUlimit !== null) response.lowUlimit = host.lowUlimit;
  if (host.lastDataSizeBytes !== null) response.lastDataSizeBytes = host.lastDataSizeBytes;
  if (host.lastIndexSizeBytes !== null) response.lastIndexSizeBytes = host.lastIndexSizeBytes;
  if (host.sslCertificateNotAfter !== null) {
    response.sslCertificateNotAfter = toIsoSeconds(host.sslCertificateNotAfter);
  }
  if (host.hiddenSecondary !== null) response.hiddenSecondary = host.hiddenSecondary;
  if (host.lastRestart !== null) response.lastRestart = toIsoSeconds(host.lastRestart);
  if (host.slaveDelaySec !== null) response.slaveDelaySec = host.slaveDelaySec;
  return response;
}

// The subject fields of host events (the product's event record: hostId, hostname, port, replicaSetName,
// cluster).
export function hostEventSubject(
  host: Pick<HostEntity, 'id' | 'hostname' | 'port' | 'replicaSetName' | 'clusterId' | 'clusterName'>,
): EventSubject {
  const subject: EventSubject = { hostId: host.id, hostname: host.hostname, port: host.port };
  if (host.replicaSetName !== null) subject.replicaSetName = host.replicaSetName;
  if (host.clusterId !== null) subject.clusterId = host.clusterId;
  if (host.clusterName !== null) subject.clusterName = host.clusterName;
  return subject;
}

// Rows read with SQL (snake_case) as entities.
export function hostFromRow(row: Record<string, unknown>): HostEntity {
  return {
    id: String(row.id),
    groupId: String(row.group_id),
    hostname: String(row.hostname),
    port: Number(row.port),
    typeName: String(row.type_name),
    replicaSetName: (row.replica_set_name as string | null) ?? null,
    clusterName: (row.cluster_name as string | null) ?? null,
    clusterId: (row.cluster_id as string | null) ?? null,
    up: Boolean(row.up),
    monitored: Boolean(row.monitored),
    alertsEnabled: Boolean(row.alerts_enabled),
    logsEnabled: Boolean(row.logs_enabled),
    profilerEnabled: Boolean(row.profiler_enabled),
    sslEnabled: Boolean(row.ssl_enabled),
    username: (row.username as string | null) ?? null,
    authMechanismName: (row.auth_mechanism_name as string | null) ?? null,
    created: row.created as Date,
    lastPing: (row.last_ping as Date | null) ?? null,
    lastReported: (row.last_reported as Date | null) ?? null,
    version: (row.version as string | null) ?? null,
    ipAddress: (row.ip_address as string | null) ?? null,
    uptimeMsec: numberOrNull(row.uptime_msec),
    journalingEnabled: (row.journaling_enabled as boolean | null) ?? null,
    hasStartupWarnings: (row.has_startup_warnings as boolean | null) ?? null,
    lowUlimit: (row.low_ulimit as boolean | null) ?? null,
    lastDataSizeBytes: numberOrNull(row.last_data_size_bytes),
    lastIndexSizeBytes: numberOrNull(row.last_index_size_bytes),
    sslCertificateNotAfter: (row.ssl_certificate_not_after as Date | null) ?? null,
    aliases: (row.aliases as string[] | null) ?? [],
    hiddenSecondary: (row.hidden_secondary as boolean | null) ?? null,
    lastRestart: (row.last_restart as Date | null) ?? null,
    slaveDelaySec: numberOrNull(row.slave_delay_sec),
  };
}

// bigint columns arrive as strings.
function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
