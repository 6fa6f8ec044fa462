import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

export class OrganizationResponse {
  @ApiProperty({ example: '5980cfc70b6d97029d82e3f6' })
  id!: string;

  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({ example: 'Acme Corp' })
  name!: string;
}

export class OrganizationListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [OrganizationResponse] })
  results!: OrganizationResponse[];
}
