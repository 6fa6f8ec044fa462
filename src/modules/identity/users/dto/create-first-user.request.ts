import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class CreateFirstUserRequest {
  @ApiProperty({
    example: 'jane.doe@example.com',
    description: 'Usually an e-mail address; the Digest user name.',
  })
  @IsString()
  @IsNotEmpty()
  username!: string;

  @ApiProperty({
    example: 'Correct-Horse-9',
    description: 'At least 8 characters with a letter, a digit and a special character. Never returned.',
    writeOnly: true,
  })
  @IsString()
  @IsNotEmpty()
  password!: string;

  @ApiProperty({ example: 'Jane' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName!: string;

  @ApiProperty({ example: 'Doe' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName!: string;

  @ApiPropertyOptional({ example: 'jane.doe@example.com' })
  @IsOptional()
  @IsEmail()
  emailAddress?: string;
}
