import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { ANY_JSON_VALUE } from './any-json-value';

// A top-level section whose content is the client's: documented by example, checked only for its kind.
const ObjectSection = (example: Record<string, unknown> = {}) =>
  applyDecorators(ApiPropertyOptional({ type: Object, nullable: true, example }), IsOptional(), IsObject());

// Their items are objects (processes, replica sets, versions...): a null or a scalar item is refused.
const ArraySection = (example: unknown[] = []) =>
  applyDecorators(
    ApiPropertyOptional({ type: [Object], nullable: true, example }),
    IsOptional(),
    IsArray(),
    IsObject({ each: true }),
  );

// The product's automation configuration document (PUT replaces it whole). Only the top-level sections
// are declared, so an unknown section is refused as INVALID_ATTRIBUTE; their content is the client's.
// `null` is accepted where the Go client sends it for empty sections.
export class ReplaceAutomationConfigRequest {
  @ObjectSection({ name: '107.0.0.8465-1' })
  agentVersion?: Record<string, unknown> | null;

  @ObjectSection({ disabled: true, usersWanted: [], usersDeleted: [] })
  auth?: Record<string, unknown> | null;

  @ObjectSection()
  balancer?: Record<string, unknown> | null;

  @ApiPropertyOptional(ANY_JSON_VALUE)
  @IsOptional()
  clusterWideConfigurations?: unknown;

  @ObjectSection()
  filebeat?: Record<string, unknown> | null;

  @ObjectSection()
  kerberos?: Record<string, unknown> | null;

  @ObjectSection()
  ldap?: Record<string, unknown> | null;

  @ObjectSection({ name: '100.9.0' })
  mongoDbToolsVersion?: Record<string, unknown> | null;

  @ObjectSection({ downloadBase: '/var/lib/mongodb-mms-automation' })
  options?: Record<string, unknown> | null;

  @ApiPropertyOptional(ANY_JSON_VALUE)
  @IsOptional()
  prometheus?: unknown;

  @ObjectSection()
  ssl?: Record<string, unknown> | null;

  @ObjectSection()
  tls?: Record<string, unknown> | null;

  @ArraySection()
  atlasProxies?: unknown[] | null;

  @ArraySection()
  atlasUISes?: unknown[] | null;

  @ArraySection([{ name: '107.0.0.8465-1', hostname: 'example.net' }])
  backupVersions?: unknown[] | null;

  @ArraySection()
  cpsModules?: unknown[] | null;

  @ArraySection()
  dbCheckModules?: unknown[] | null;

  @ArraySection()
  indexConfigs?: unknown[] | null;

  @ArraySection()
  maintainedEnvoys?: unknown[] | null;

  @ArraySection([{ name: '7.0.2' }])
  mongoDbVersions?: unknown[] | null;

  @ArraySection()
  mongosqlds?: unknown[] | null;

  @ArraySection()
  mongots?: unknown[] | null;

  @ArraySection([{ name: '107.0.0.8465-1', hostname: 'example.net' }])
  monitoringVersions?: unknown[] | null;

  @ArraySection()
  onlineArchiveModules?: unknown[] | null;

  @ArraySection([
    {
      name: 'myReplicaSet_1',
      hostname: 'example.net',
      processType: 'mongod',
      version: '7.0.2',
      args2_6: { net: { port: 27017 }, replication: { replSetName: 'myReplicaSet' } },
    },
  ])
  processes?: unknown[] | null;

  @ArraySection([
    { _id: 'myReplicaSet', members: [{ _id: 0, host: 'myReplicaSet_1', priority: 1, votes: 1 }] },
  ])
  replicaSets?: unknown[] | null;

  @ArraySection()
  roles?: unknown[] | null;

  @ArraySection()
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
