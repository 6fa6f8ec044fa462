import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsObject, IsOptional, IsString } from 'class-validator';

// The product's automation configuration document (PUT replaces it whole). Only the top-level sections
// are declared, so an unknown section is refused as INVALID_ATTRIBUTE; their content is the client's.
// `null` is accepted where the Go client sends it for empty sections.
export class ReplaceAutomationConfigRequest {
  @ApiPropertyOptional({ type: Object, nullable: true, example: { name: '107.0.0.8465-1' } })
  @IsOptional()
  @IsObject()
  agentVersion?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    example: { disabled: true, usersWanted: [], usersDeleted: [] },
  })
  @IsOptional()
  @IsObject()
  auth?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  @IsObject()
  balancer?: Record<string, unknown> | null;

  // Shape not documented by the product: any JSON value is kept as sent.
  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  clusterWideConfigurations?: unknown;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  @IsObject()
  filebeat?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  @IsObject()
  kerberos?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  @IsObject()
  ldap?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: { name: '100.9.0' } })
  @IsOptional()
  @IsObject()
  mongoDbToolsVersion?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: Object,
    nullable: true,
    example: { downloadBase: '/var/lib/mongodb-mms-automation' },
  })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown> | null;

  // Shape not documented by the product: any JSON value is kept as sent.
  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  prometheus?: unknown;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  @IsObject()
  ssl?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: Object, nullable: true, example: {} })
  @IsOptional()
  @IsObject()
  tls?: Record<string, unknown> | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  atlasProxies?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  atlasUISes?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [{ name: '107.0.0.8465-1', hostname: 'example.net' }],
  })
  @IsOptional()
  @IsArray()
  backupVersions?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  cpsModules?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  dbCheckModules?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  indexConfigs?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  maintainedEnvoys?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [{ name: '7.0.2' }] })
  @IsOptional()
  @IsArray()
  mongoDbVersions?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  mongosqlds?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  mongots?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [{ name: '107.0.0.8465-1', hostname: 'example.net' }],
  })
  @IsOptional()
  @IsArray()
  monitoringVersions?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
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
  @IsOptional()
  @IsArray()
  processes?: unknown[] | null;

  @ApiPropertyOptional({
    type: [Object],
    nullable: true,
    example: [{ _id: 'myReplicaSet', members: [{ _id: 0, host: 'myReplicaSet_1', priority: 1, votes: 1 }] }],
  })
  @IsOptional()
  @IsArray()
  replicaSets?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  roles?: unknown[] | null;

  @ApiPropertyOptional({ type: [Object], nullable: true, example: [] })
  @IsOptional()
  @IsArray()
  sharding?: unknown[] | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://opsmanager.example.net:8080' })
  @IsOptional()
  @IsString()
  uiBaseUrl?: string | null;

  @ApiPropertyOptional({
    example: 11,
    description:
      'Ignored: the service sets the goal version (one more than the current one). Later replaces win.',
  })
  @IsOptional()
  @IsInt()
  version?: number;
}
