import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../platform/http/pagination/list-envelope';

// Diff values keep whatever JSON type the changed attribute has.
const ANY_JSON = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'object' },
  { type: 'array', items: {} },
];

export class EventCurrentValueResponse {
  @ApiProperty({ example: 50 })
  number!: number;

  @ApiProperty({ example: 'RAW' })
  units!: string;
}

export class EventDiffParamResponse {
  @ApiPropertyOptional({ example: 'Description' })
  display?: string;

  @ApiPropertyOptional({
    oneOf: ANY_JSON,
    nullable: true,
    example: 'CI deploy key',
    description: 'Value after the change (null when the thing was removed).',
  })
  new?: unknown;

  @ApiPropertyOptional({
    oneOf: ANY_JSON,
    nullable: true,
    example: 'deploy key',
    description: 'Value before the change (null when the thing was created).',
  })
  old?: unknown;

  @ApiPropertyOptional({ example: 'desc' })
  param?: string;
}

export class EventDiffResponse {
  @ApiPropertyOptional({ example: '5c47503320eef5699e1cce8d' })
  id?: string;

  @ApiPropertyOptional({ example: 'ewmaqvdo' })
  name?: string;

  @ApiPropertyOptional({ example: 'MODIFIED' })
  status?: string;

  @ApiPropertyOptional({ example: 'API_KEY' })
  type?: string;

  @ApiPropertyOptional({ type: [EventDiffParamResponse] })
  params?: EventDiffParamResponse[];
}

// Spec "Event": absent fields are omitted; apiKeyId/publicKey and userId/username never appear together.
export class EventResponse {
  @ApiProperty({ example: '65a50a2e9f1c2b3d4e5f6a7b' })
  id!: string;

  @ApiProperty({ example: 'GROUP_CREATED' })
  eventTypeName!: string;

  @ApiProperty({ example: '2024-01-15T10:30:00Z' })
  created!: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e95' })
  groupId?: string;

  @ApiPropertyOptional({ example: '5980cfc70b6d97029d82e3f6' })
  orgId?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e96' })
  alertId?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e97' })
  alertConfigId?: string;

  @ApiPropertyOptional({ example: '56294bdfd4c643eef5176b73' })
  maintenanceWindowId?: string;

  @ApiPropertyOptional({
    example: '5c47503320eef5699e1cce8d',
    description: 'API key that triggered the event.',
  })
  apiKeyId?: string;

  @ApiPropertyOptional({
    example: 'ewmaqvdo',
    description: 'Public key of the API key that triggered the event.',
  })
  publicKey?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e98', description: 'User who triggered the event.' })
  userId?: string;

  @ApiPropertyOptional({ example: 'john.doe@example.com' })
  username?: string;

  @ApiPropertyOptional({ example: '192.168.1.1' })
  remoteAddress?: string;

  @ApiProperty({ example: false, description: 'Whether the triggering caller holds a global role.' })
  isGlobalAdmin!: boolean;

  @ApiPropertyOptional({ example: 'ewmaqvdo' })
  targetPublicKey?: string;

  @ApiPropertyOptional({ example: 'jane.doe@example.com' })
  targetUsername?: string;

  @ApiPropertyOptional({ example: '192.0.2.0/24' })
  accessListEntry?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e99' })
  teamId?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e9a' })
  clusterId?: string;

  @ApiPropertyOptional({ example: 'Test Cluster' })
  clusterName?: string;

  @ApiPropertyOptional({ example: '2c4b7d9e0f1a2b3c4d5e6f70' })
  hostId?: string;

  @ApiPropertyOptional({ example: 'db.example.com' })
  hostname?: string;

  @ApiPropertyOptional({ example: 27017 })
  port?: number;

  @ApiPropertyOptional({ example: 'rs1' })
  replicaSetName?: string;

  @ApiPropertyOptional({ example: 'sh1' })
  shardName?: string;

  @ApiPropertyOptional({ example: 'orders' })
  collection?: string;

  @ApiPropertyOptional({ example: 'shop' })
  database?: string;

  @ApiPropertyOptional({ example: 'find' })
  opType?: string;

  @ApiPropertyOptional({ example: 'OPCOUNTER_CMD' })
  metricName?: string;

  @ApiPropertyOptional({ type: EventCurrentValueResponse })
  currentValue?: EventCurrentValueResponse;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e9b' })
  invoiceId?: string;

  @ApiPropertyOptional({ example: '5e8cc670a16506712e0b1e9c' })
  paymentId?: string;

  @ApiPropertyOptional({ type: [EventDiffResponse], description: 'Change records of audit events.' })
  diffs?: EventDiffResponse[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    example: {
      requestId: '0b7c5e0e-7f0c-4a57-9a36-2f9f0d3c1e55',
      method: 'POST',
      path: '/api/public/v1.0/groups',
    },
    description: 'Meta information; only with includeRaw=true.',
  })
  raw?: Record<string, unknown>;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class EventListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [EventResponse] })
  results!: EventResponse[];
}
