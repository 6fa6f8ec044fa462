import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

// The product's agent API key (OM "Agent API Keys"; the Go client decodes `_id` and a numeric createdTime).
export class AgentApiKeyResponse {
  @ApiProperty({
    example: '5e8cc670a16506712e0b1e97',
    description: 'Key id (the product prints it as `_id`).',
  })
  _id!: string;

  @ApiProperty({
    example: '5e8cc670a16506712e0b1e97',
    description: 'Same as `_id`, as the documentation names it.',
  })
  id!: string;

  @ApiProperty({
    example: '****************************8b87',
    description: 'The whole key in the response that creates it; afterwards only its last four characters.',
  })
  key!: string;

  @ApiProperty({ example: 'Agents of the production racks' })
  desc!: string;

  @ApiProperty({ example: 1520458807291, description: 'Creation time in milliseconds since the epoch.' })
  createdTime!: number;

  @ApiProperty({ example: 'PUBLIC_API', enum: ['PUBLIC_API'] })
  createdBy!: string;

  @ApiPropertyOptional({
    example: '5e8cc670a16506712e0b1e95',
    description: 'User or API key that created it.',
  })
  createdUserId?: string;

  @ApiPropertyOptional({ example: '192.0.2.10' })
  createdIpAddr?: string;
}
