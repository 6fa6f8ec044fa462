import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { MAX_MATCHER_PROGRAM_SIZE, MAX_MATCHERS } from '../../catalog/matchers';
import { MAX_NOTIFICATIONS } from '../../catalog/notification-types';
import { MatcherRequest } from './matcher.request';
import { MetricThresholdRequest } from './metric-threshold.request';
import { NotificationRequest } from './notification.request';
import { ThresholdRequest } from './threshold.request';

// The fields of an alert configuration a client sends (the request fields of the product's alert
// configuration), plus the service-owned fields a client may send back from a GET body (accepted and
// ignored, see the service).
export class AlertConfigFieldsRequest {
  @ApiPropertyOptional({
    example: true,
    default: false,
    description: 'Omitted: the configuration is disabled.',
  })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional({
    type: [MatcherRequest],
    maxItems: MAX_MATCHERS,
    description:
      'Only for host, replica-set and sharded-cluster event types. The REGEX matchers together may ' +
      `compile to at most ${MAX_MATCHER_PROGRAM_SIZE} RE2 instructions.`,
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_MATCHERS, { message: `at most ${MAX_MATCHERS} matchers` })
  @ValidateNested({ each: true })
  @Type(() => MatcherRequest)
  matchers?: MatcherRequest[];

  @ApiPropertyOptional({
    type: MetricThresholdRequest,
    description: 'Required iff eventTypeName is OUTSIDE_METRIC_THRESHOLD.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => MetricThresholdRequest)
  metricThreshold?: MetricThresholdRequest;

  @ApiPropertyOptional({
    type: ThresholdRequest,
    description: 'Required iff eventTypeName is TOO_FEW_HEALTHY_MEMBERS or TOO_MANY_UNHEALTHY_MEMBERS.',
  })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ThresholdRequest)
  threshold?: ThresholdRequest;

  @ApiProperty({
    type: [NotificationRequest],
    maxItems: MAX_NOTIFICATIONS,
    description:
      'At least one; at most one of typeName GROUP. The webhook templates of all notifications together ' +
      'must render within the limits of one template.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_NOTIFICATIONS, { message: `at most ${MAX_NOTIFICATIONS} notifications` })
  @ValidateNested({ each: true })
  @Type(() => NotificationRequest)
  notifications?: NotificationRequest[];

  @ApiPropertyOptional({
    deprecated: true,
    example: 'HOST',
    description: 'Deprecated by the product: accepted and ignored.',
  })
  @IsOptional()
  @IsString()
  typeName?: string;

  @ApiPropertyOptional({
    example: '5e8cc670a16506712e0b1e95',
    description: 'Read-only: accepted when equal to the project of the URL (GROUP_MISMATCH otherwise).',
  })
  @IsOptional()
  @IsString()
  groupId?: string;

  // Read-only on PUT (equal to the stored value, ATTRIBUTE_READ_ONLY otherwise); ignored on POST.
  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:52:29Z' })
  created?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:56:25Z' })
  updated?: unknown;

  @ApiHideProperty()
  @ReadOnlyField()
  links?: unknown;
}

export class CreateAlertConfigRequest extends AlertConfigFieldsRequest {
  @ApiProperty({
    example: 'OUTSIDE_METRIC_THRESHOLD',
    description: 'An alertable event type.',
  })
  @IsString()
  eventTypeName!: string;
}
