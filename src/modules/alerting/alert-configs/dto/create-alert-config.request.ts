import { ReadOnlyField } from '../../../../platform/http/read-only-fields';
import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsObject, IsOptional, IsString, ValidateNested } from 'class-validator';
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
    description: 'Only for host, replica-set and sharded-cluster event types.',
  })
  @IsOptional()
  @IsArray()
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

  @ApiProperty({ type: [NotificationRequest], description: 'At least one; at most one of typeName GROUP.' })
  @IsOptional()
  @IsArray()
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
