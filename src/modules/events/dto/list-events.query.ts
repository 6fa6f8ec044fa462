import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsOptional,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { PageQuery, toBoolean } from '../../../platform/http/pagination/page.query';
import { parseTimestamp } from '../event-timestamp';
import { toArray } from '../../../platform/http/query-values';

export const MAX_EVENT_TYPES = 100;

// The Go client repeats the key (`eventType=A&eventType=B`); a single value arrives as a string.

function IsIsoTimestamp(): PropertyDecorator {
  return ValidateBy({
    name: 'isIsoTimestamp',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && parseTimestamp(value) !== undefined,
      defaultMessage: (args) => `${args?.property ?? 'value'} must be an ISO 8601 date or timestamp`,
    },
  });
}

export class ListEventsQuery extends PageQuery {
  @ApiPropertyOptional({
    type: [String],
    description:
      'Only events of these types, e.g. `GROUP_CREATED`; repeat the parameter for several types. All when omitted.',
  })
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @ArrayMaxSize(MAX_EVENT_TYPES)
  @MaxLength(100, { each: true })
  @Matches(/^[A-Z][A-Z0-9_]*$/, {
    each: true,
    message: 'eventType must be an event type name such as GROUP_CREATED',
  })
  eventType?: string[];

  @ApiPropertyOptional({
    description:
      'Only events created at or after this ISO 8601 time, e.g. `2024-01-15T00:00:00Z` (UTC when no zone is given).',
  })
  @IsOptional()
  @IsIsoTimestamp()
  minDate?: string;

  @ApiPropertyOptional({
    description:
      'Only events created at or before this ISO 8601 time, e.g. `2024-01-31T23:59:59Z`, at the precision ' +
      'written: a date covers the day, ' +
      'a time without fraction the whole second.',
  })
  @IsOptional()
  @IsIsoTimestamp()
  maxDate?: string;

  @ApiPropertyOptional({ default: false, description: 'Return the `raw` meta document of each event.' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  includeRaw: boolean = false;
}
