import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AlertResponse } from '../../../alerting';
import { TemplateFallbackResponse } from './test-notification.response';

export class TemplatePreviewResponse {
  @ApiProperty({ type: AlertResponse, description: 'The sample alert the templates were rendered against.' })
  sampleAlert!: AlertResponse;

  @ApiProperty({
    example: '{"text": "Host is down on db0.example.com:27017"}',
    description: 'The body that would be sent.',
  })
  body!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { 'Content-Type': 'application/json', 'X-MMS-Event': 'alert.open' },
    description: 'The headers that would be sent (X-Mms-Request-Id is a fresh UUID per delivery).',
  })
  headers!: Record<string, string>;

  @ApiProperty({ example: false, description: 'Whether a template failed and the default was used instead.' })
  fellBack!: boolean;

  @ApiPropertyOptional({
    type: TemplateFallbackResponse,
    description: 'The error of each template that fell back.',
  })
  renderFallback?: TemplateFallbackResponse;
}
