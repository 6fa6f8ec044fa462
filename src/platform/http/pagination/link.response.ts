import { ApiProperty } from '@nestjs/swagger';

export class LinkResponse {
  @ApiProperty({ example: 'http://localhost:8080/api/public/v1.0/groups/5e8cc670a16506712e0b1e95' })
  href!: string;

  @ApiProperty({ example: 'self' })
  rel!: string;
}
