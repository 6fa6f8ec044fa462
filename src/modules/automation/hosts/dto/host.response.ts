import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

// The product's host resource, with the fields this service knows.
export class HostResponse {
  @ApiProperty({ example: '5e8cc670a16506712e0b1e98' })
  id!: string;

  @ApiProperty({ example: '5e8cc670a16506712e0b1e95' })
  groupId!: string;

  @ApiProperty({ example: 'db0.example.com' })
  hostname!: string;

  @ApiProperty({ example: 27017 })
  port!: number;

  @ApiProperty({ example: 'REPLICA_PRIMARY', description: 'NO_DATA until an agent reports the host.' })
  typeName!: string;

  @ApiPropertyOptional({ example: 'rs0' })
  replicaSetName?: string;

  @ApiPropertyOptional({
    example: 'PRIMARY',
    description: 'From typeName: PRIMARY, SECONDARY, ARBITER or RECOVERING; DOWN while the host is down.',
  })
  replicaStateName?: string;

  @ApiPropertyOptional({ example: 'rs0', description: 'The replica set of a shard member.' })
  shardName?: string;

  @ApiPropertyOptional({
    example: '6f1c2e3d4b5a69788796a5b4',
    description: 'Cluster of the host: its sharded cluster, else its replica set; absent for a standalone.',
  })
  clusterId?: string;

  @ApiProperty({ example: '2024-01-15T10:30:00Z' })
  created!: string;

  @ApiPropertyOptional({
    example: '2024-01-15T10:31:00Z',
    description: 'Last report that found the host up.',
  })
  lastPing?: string;

  @ApiProperty({ example: true })
  alertsEnabled!: boolean;

  @ApiProperty({ example: true })
  hostEnabled!: boolean;

  @ApiProperty({ example: false })
  hidden!: boolean;

  @ApiProperty({ example: false })
  deactivated!: boolean;

  @ApiProperty({ example: false })
  logsEnabled!: boolean;

  @ApiProperty({ example: false })
  profilerEnabled!: boolean;

  @ApiProperty({ example: false })
  sslEnabled!: boolean;

  @ApiPropertyOptional({ example: 'mms-monitoring' })
  username?: string;

  @ApiPropertyOptional({ example: 'SCRAM-SHA-256' })
  authMechanismName?: string;

  // Reported by the monitoring agent; absent until reported.
  @ApiPropertyOptional({ example: '7.0.12' })
  version?: string;

  @ApiPropertyOptional({ example: '10.0.0.12' })
  ipAddress?: string;

  @ApiPropertyOptional({ example: 86400000 })
  uptimeMsec?: number;

  @ApiPropertyOptional({ example: true })
  journalingEnabled?: boolean;

  @ApiPropertyOptional({ example: false })
  hasStartupWarnings?: boolean;

  @ApiPropertyOptional({ example: false })
  lowUlimit?: boolean;

  @ApiPropertyOptional({ example: 1073741824 })
  lastDataSizeBytes?: number;

  @ApiPropertyOptional({ example: 104857600 })
  lastIndexSizeBytes?: number;

  @ApiPropertyOptional({
    example: '2025-06-30T00:00:00Z',
    description: 'Not a product field: expiry of the TLS certificate the process serves, as last reported.',
  })
  sslCertificateNotAfter?: string;

  @ApiProperty({
    type: [String],
    example: ['db0-alt.example.com:27017'],
    description: 'Other host:port names the process answers to, as its agent reports them.',
  })
  aliases!: string[];

  @ApiPropertyOptional({ example: false, description: 'Whether the process is a hidden replica set member.' })
  hiddenSecondary?: boolean;

  @ApiPropertyOptional({ example: '2024-03-01T08:00:00Z', description: 'When the process last started.' })
  lastRestart?: string;

  @ApiPropertyOptional({ example: 0, description: 'Configured replication delay of the member, in seconds.' })
  slaveDelaySec?: number;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class HostListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [HostResponse] })
  results!: HostResponse[];
}
