import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsOptional,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { isIP } from 'node:net';
import { toArray } from '../../../../platform/http/query-values';

@ValidatorConstraint({ name: 'isIpAddressOrCidrList' })
class IsIpAddressOrCidrList implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return Array.isArray(value) && value.every((entry) => typeof entry === 'string' && isIpOrCidr(entry));
  }

  defaultMessage(): string {
    return 'each value must be an IP address or a CIDR block';
  }
}

function isIpOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

// Current docs call it `accessList`, older docs and the Go client `whitelist`; both are repeatable.
export class FirstUserQuery {
  @ApiPropertyOptional({
    type: [String],
    description:
      'Addresses or CIDR blocks for the user access list, e.g. `192.0.2.10`; repeat for several. ' +
      'When given, the first user and its key may call only from them.',
  })
  @IsOptional()
  @Transform(toArray)
  @Validate(IsIpAddressOrCidrList)
  accessList?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Older name of accessList.' })
  @IsOptional()
  @Transform(toArray)
  @Validate(IsIpAddressOrCidrList)
  whitelist?: string[];
}
