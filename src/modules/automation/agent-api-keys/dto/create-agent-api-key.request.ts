import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class CreateAgentApiKeyRequest {
  @ApiProperty({ example: 'Agents of the production racks', minLength: 1, maxLength: 1000 })
  @IsString()
  @Length(1, 1000)
  desc!: string;
}
