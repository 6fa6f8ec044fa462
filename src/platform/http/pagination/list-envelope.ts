import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from './link.response';

export interface ListEnvelope<T> {
  links: LinkResponse[];
  results: T[];
  totalCount?: number;
}

// Base for the OpenAPI description of a list; subclasses redeclare `results` with their item type.
export class ListEnvelopeResponse {
  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiPropertyOptional({
    type: 'integer',
    example: 1,
    description: 'Total items in the result set (omitted when includeCount=false).',
  })
  totalCount?: number;
}
