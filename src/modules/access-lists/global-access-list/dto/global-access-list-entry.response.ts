import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

export const GLOBAL_ACCESS_LIST_ENTRY_TYPES = ['IP_ADDRESS', 'CIDR_BLOCK'] as const;
export type GlobalAccessListEntryType = (typeof GLOBAL_ACCESS_LIST_ENTRY_TYPES)[number];

export class GlobalAccessListEntryResponse {
  @ApiProperty({ example: '192.0.2.0/24', description: 'The range of addresses, in CIDR notation.' })
  cidrBlock!: string;

  @ApiProperty({ example: '2019-01-24T16:34:57Z' })
  created!: string;

  @ApiProperty({ example: 'Build servers' })
  description!: string;

  @ApiProperty({ example: '5c4a2a55f2a30b4f7c8e9a10' })
  id!: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({
    enum: GLOBAL_ACCESS_LIST_ENTRY_TYPES,
    description: 'IP_ADDRESS when the block is one address (/32 or /128), CIDR_BLOCK otherwise.',
  })
  type!: GlobalAccessListEntryType;

  @ApiProperty({ example: '2019-01-24T16:34:57Z', description: 'When the entry last changed.' })
  updated!: string;
}

export class GlobalAccessListEntryListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [GlobalAccessListEntryResponse] })
  results!: GlobalAccessListEntryResponse[];
}
