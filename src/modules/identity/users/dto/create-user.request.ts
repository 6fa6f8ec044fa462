import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PHONE_NUMBER_PATTERN } from '../../../../platform/text/phone-number';
import { RoleRequest } from '../../roles/dto/role.request';

export class CreateUserRequest {
  @ApiProperty({ example: 'sam.lee@example.com', description: 'The Digest user name.' })
  @IsString()
  @IsNotEmpty()
  username!: string;

  @ApiProperty({
    example: 'Teammate-2024!',
    description: 'At least 8 characters with a letter, a digit and a special character. Never returned.',
    writeOnly: true,
  })
  @IsString()
  @IsNotEmpty()
  password!: string;

  @ApiProperty({ example: 'sam.lee@example.com' })
  @IsEmail()
  emailAddress!: string;

  @ApiProperty({ example: 'Sam' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName!: string;

  @ApiProperty({ example: 'Lee' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName!: string;

  @ApiPropertyOptional({ example: '+1 555 0100' })
  @IsOptional()
  @IsString()
  @MaxLength(40)
  @Matches(PHONE_NUMBER_PATTERN, { message: 'mobileNumber must be a phone number such as +1 555 0100' })
  mobileNumber?: string;

  @ApiPropertyOptional({ example: 'US', description: 'ISO 3166-1 alpha-2 country code.' })
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code' })
  country?: string;

  @ApiProperty({
    type: [RoleRequest],
    example: [{ groupId: '5e8cc670a16506712e0b1e95', roleName: 'GROUP_READ_ONLY' }],
  })
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RoleRequest)
  roles!: RoleRequest[];
}
