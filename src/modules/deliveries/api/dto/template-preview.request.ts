import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { WEBHOOK_TEMPLATE_MAX_LENGTH } from '../../../alerting';
import { ALERT_EVENT_KINDS } from '../../notifiers';

export class TemplatePreviewRequest {
  @ApiPropertyOptional({
    example: '{"text": "${humanReadable!\'alert\'} on ${hostnameAndPort!\'-\'}", "id": "${id}"}',
    description: 'A webhookBodyTemplate to render.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_TEMPLATE_MAX_LENGTH)
  bodyTemplate?: string;

  @ApiPropertyOptional({
    example: '{"X-Alert-Id": "${id}", "X-Signature": "${signature!\'\'}"}',
    description: 'A webhookHeadersTemplate to render.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(WEBHOOK_TEMPLATE_MAX_LENGTH)
  headersTemplate?: string;

  @ApiPropertyOptional({
    example: 's3cr3t',
    description: 'Signs the rendered body (X-MMS-Signature), as a webhook secret.',
  })
  @IsOptional()
  @IsString()
  webhookSecret?: string;

  @ApiPropertyOptional({ enum: ALERT_EVENT_KINDS, example: 'alert.open', default: 'alert.open' })
  @IsOptional()
  @IsIn(ALERT_EVENT_KINDS)
  eventKind?: string;

  @ApiPropertyOptional({
    example: 'HOST_DOWN',
    default: 'OUTSIDE_METRIC_THRESHOLD',
    description: 'Type of the sample alert.',
  })
  @IsOptional()
  @IsString()
  eventTypeName?: string;
}
