import { ApiPropertyOptional } from '@nestjs/swagger';
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
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { RoleRequest } from '../../roles/dto/role.request';

// Every field optional; `roles`, when sent, replaces the roles the caller administers. What GET prints
// and no request changes (the user name is the Digest realm's half of every stored hash) is read-only.
export class UpdateUserRequest {
  @ApiPropertyOptional({ example: 'New-Secret-42!', writeOnly: true })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  password?: string;

  @ApiPropertyOptional({ example: 'sam.lee@example.org' })
  @IsOptional()
  @IsEmail()
  emailAddress?: string;

  @ApiPropertyOptional({ example: 'Sam' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  firstName?: string;

  @ApiPropertyOptional({ example: 'Lee' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  lastName?: string;

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

  @ApiPropertyOptional({
    type: [RoleRequest],
    example: [{ orgId: '5980cfc70b6d97029d82e3f6', roleName: 'ORG_MEMBER' }],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => RoleRequest)
  roles?: RoleRequest[];

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  username?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;

  @ReadOnlyField({ type: [String] })
  teamIds?: unknown;
}
