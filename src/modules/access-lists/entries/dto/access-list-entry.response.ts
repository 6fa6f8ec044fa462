import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

// Field names and order as the product prints them.
export class AccessListEntryResponse {
  @ApiProperty({ example: '192.0.2.0/24', description: 'The range of addresses, in CIDR notation.' })
  cidrBlock!: string;

  @ApiProperty({
    example: 0,
    description: 'Requests from this entry to a resource protected by the access list.',
  })
  count!: number;

  @ApiProperty({ example: '2019-01-24T16:34:57Z' })
  created!: string;

  @ApiPropertyOptional({
    example: '192.0.2.15',
    nullable: true,
    type: String,
    description:
      'The address when the entry is a single address. API key entries print null for a range; user entries omit it.',
  })
  ipAddress?: string | null;

  @ApiPropertyOptional({
    example: '2019-01-24T20:18:25Z',
    description: 'Present once a request came from this entry.',
  })
  lastUsed?: string;

  @ApiPropertyOptional({ example: '192.0.2.15', description: 'Present once a request came from this entry.' })
  lastUsedAddress?: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];
}

export class AccessListEntryListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [AccessListEntryResponse] })
  results!: AccessListEntryResponse[];
}
