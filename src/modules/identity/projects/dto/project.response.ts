import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

export class HostCountsResponse {
  @ApiProperty({ example: 0 }) arbiter!: number;
  @ApiProperty({ example: 0 }) config!: number;
  @ApiProperty({ example: 0 }) master!: number;
  @ApiProperty({ example: 0 }) mongos!: number;
  @ApiProperty({ example: 0 }) primary!: number;
  @ApiProperty({ example: 0 }) secondary!: number;
  @ApiProperty({ example: 0 }) slave!: number;
}

export class LdapGroupMappingResponse {
  @ApiProperty({ example: 'GROUP_OWNER' }) roleName!: string;
  @ApiProperty({ type: [String], example: ['dbas'] }) ldapGroups!: string[];
}

export class ProjectResponse {
  @ApiProperty({ example: 0 })
  activeAgentCount!: number;

  @ApiProperty({ type: HostCountsResponse })
  hostCounts!: HostCountsResponse;

  @ApiProperty({ example: '5c8100bcf2a30b12ff88258f' })
  id!: string;

  @ApiProperty({ example: '2024-02-01T08:00:00Z', description: 'When the project was created.' })
  created!: string;

  @ApiPropertyOptional({
    example: '2024-03-01T08:00:00Z',
    description: 'When an agent of the project last reported; absent until one has.',
  })
  lastActiveAgent?: string;

  @ApiProperty({
    type: [LdapGroupMappingResponse],
    example: [],
    description: 'LDAP groups mapped to project roles: always empty, no LDAP directory backs this service.',
  })
  ldapGroupMappings!: LdapGroupMappingResponse[];

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({ example: 'Production' })
  name!: string;

  @ApiProperty({ example: '5980cfdf0b6d97029d82f86e' })
  orgId!: string;

  @ApiProperty({ example: true })
  publicApiEnabled!: boolean;

  @ApiProperty({ example: 0 })
  replicaSetCount!: number;

  @ApiProperty({ example: 0 })
  shardCount!: number;

  @ApiProperty({ type: [String], example: [] })
  tags!: string[];
}

export class ProjectListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [ProjectResponse] })
  results!: ProjectResponse[];
}
