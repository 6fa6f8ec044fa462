import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ANY_JSON_VALUE } from './any-json-value';

// The stored document as it was published, with its goal version.
export class AutomationConfigResponse {
  @ApiPropertyOptional({ type: Object, nullable: true, example: { name: '107.0.0.8465-1' } })
  agentVersion?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    example: { disabled: true, usersWanted: [], usersDeleted: [] },
  })
  auth?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  balancer?: Record<string, unknown> | null;

  @ApiPropertyOptional(ANY_JSON_VALUE)
  clusterWideConfigurations?: unknown;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  filebeat?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  kerberos?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  ldap?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: { name: '100.9.0' } })
  mongoDbToolsVersion?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    example: { downloadBase: '/var/lib/mongodb-mms-automation' },
  })
  options?: Record<string, unknown> | null;

  @ApiPropertyOptional(ANY_JSON_VALUE)
  prometheus?: unknown;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  ssl?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  tls?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  atlasProxies?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  atlasUISes?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [{ name: '107.0.0.8465-1', hostname: 'example.net' }],
  })
  backupVersions?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  cpsModules?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  dbCheckModules?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  indexConfigs?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  maintainedEnvoys?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [{ name: '7.0.2' }] })
  mongoDbVersions?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  mongosqlds?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  mongots?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [{ name: '107.0.0.8465-1', hostname: 'example.net' }],
  })
  monitoringVersions?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  onlineArchiveModules?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [
      {
        name: 'myReplicaSet_1',
        hostname: 'example.net',
        processType: 'mongod',
        version: '7.0.2',
        args2_6: { net: { port: 27017 }, replication: { replSetName: 'myReplicaSet' } },
      },
    ],
  })
  processes?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [{ _id: 'myReplicaSet', members: [{ _id: 0, host: 'myReplicaSet_1', priority: 1, votes: 1 }] }],
  })
  replicaSets?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  roles?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  sharding?: unknown[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://opsmanager.example.net:8080' })
  uiBaseUrl?: string | null;

  @ApiProperty({
    example: 11,
    description: 'Goal version: raised by one by every accepted replace; 0 before the first.',
  })
  version!: number;
}
