import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  GROUP_BY_KEYS,
  GROUP_INTERVAL_DEFAULT_SECONDS,
  GROUP_INTERVAL_MAX_SECONDS,
  GROUP_WAIT_DEFAULT_SECONDS,
  GROUP_WAIT_MAX_SECONDS,
  REPEAT_INTERVAL_MAX_MINUTES,
  REPEAT_INTERVAL_MIN_MINUTES,
} from '../grouping-keys';

// PUT replaces the whole policy: an omitted optional field takes its default.
export class AlertGroupingPolicyRequest {
  @ApiProperty({
    enum: GROUP_BY_KEYS,
    isArray: true,
    maxItems: GROUP_BY_KEYS.length,
    example: ['REPLICA_SET'],
    description:
      'Alerts whose values of these fields are equal, and which go to the same receiver, are sent as one ' +
      'message. Each key at most once; empty: no grouping (one message per alert, as without a policy).',
  })
  @IsArray()
  @ArrayMaxSize(GROUP_BY_KEYS.length)
  @ArrayUnique({ message: 'each key may appear once' })
  @IsIn(GROUP_BY_KEYS, { each: true })
  groupBy!: string[];

  @ApiPropertyOptional({
    example: GROUP_WAIT_DEFAULT_SECONDS,
    default: GROUP_WAIT_DEFAULT_SECONDS,
    minimum: 0,
    maximum: GROUP_WAIT_MAX_SECONDS,
    description: 'How long a new group collects alerts before its first message.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(GROUP_WAIT_MAX_SECONDS)
  groupWaitSeconds?: number;

  @ApiPropertyOptional({
    example: GROUP_INTERVAL_DEFAULT_SECONDS,
    default: GROUP_INTERVAL_DEFAULT_SECONDS,
    minimum: 1,
    maximum: GROUP_INTERVAL_MAX_SECONDS,
    description: 'How long after a message of a group its next one may go when the group changed.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(GROUP_INTERVAL_MAX_SECONDS)
  groupIntervalSeconds?: number;

  @ApiPropertyOptional({
    example: 60,
    minimum: REPEAT_INTERVAL_MIN_MINUTES,
    maximum: REPEAT_INTERVAL_MAX_MINUTES,
    description:
      'How often an unchanged group with open alerts is sent again. Omitted: the shortest intervalMin of ' +
      'the notifications whose alerts the group holds.',
  })
  @IsOptional()
  @IsInt()
  @Min(REPEAT_INTERVAL_MIN_MINUTES)
  @Max(REPEAT_INTERVAL_MAX_MINUTES)
  repeatIntervalMinutes?: number;

  // As GET prints them, each equal to the stored value: the service sets them.
  @ReadOnlyField({ type: String })
  groupId?: unknown;

  @ReadOnlyField({ type: String })
  created?: unknown;

  @ReadOnlyField({ type: String })
  updated?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
