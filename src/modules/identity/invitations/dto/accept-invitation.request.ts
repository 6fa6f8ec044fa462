import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const MAX_NAME_LENGTH = 255;

export class AcceptInvitationRequest {
  @ApiProperty({ description: 'The token of the link the invitation e-mail carries.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  token!: string;

  @ApiPropertyOptional({
    description:
      'A new person only: the password to sign in with (at least 8 characters with a letter, a digit and a special character).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  password?: string;

  @ApiPropertyOptional({ example: 'Sam', description: 'A new person only (required then).' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  firstName?: string;

  @ApiPropertyOptional({ example: 'Lee', description: 'A new person only (required then).' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_NAME_LENGTH)
  lastName?: string;
}
