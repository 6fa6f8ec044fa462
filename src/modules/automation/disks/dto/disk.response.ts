import { ApiProperty } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ListEnvelopeResponse } from '../../../../platform/http/pagination/list-envelope';

// GET /groups/{groupId}/hosts/{hostId}/disks/{partitionName} (the product's disk partition): the product
// documents these two fields only.
export class DiskResponse {
  @ApiProperty({ type: [LinkResponse] })
  links!: LinkResponse[];

  @ApiProperty({ example: 'xvdf' })
  partitionName!: string;
}

export class DiskListResponse extends ListEnvelopeResponse {
  @ApiProperty({ type: [DiskResponse] })
  results!: DiskResponse[];
}
