import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class TemplateFallbackResponse {
  @ApiPropertyOptional({
    example: 'alert.hostnameAndPort is missing',
    description: 'Why the body template was not used.',
  })
  body?: string;

  @ApiPropertyOptional({
    example: 'header X-A must be a string',
    description: 'Why the headers template was not used.',
  })
  headers?: string;
}

// What one receiver answered to the test notification.
export class TestNotificationResultResponse {
  @ApiProperty({ example: 'WEBHOOK' })
  targetType!: string;

  @ApiPropertyOptional({
    example: 'ops@example.com',
    description: 'E-mail address, phone number or Slack channel.',
  })
  recipient?: string;

  @ApiProperty({ example: true, description: 'Whether the receiver accepted it (2xx, or the SMTP server).' })
  ok!: boolean;

  @ApiPropertyOptional({ example: 200, description: 'HTTP status, or the SMTP reply code for e-mail.' })
  statusCode?: number;

  @ApiPropertyOptional({ example: 'the receiver answered HTTP 404' })
  error?: string;

  @ApiProperty({ example: 35 })
  latencyMs!: number;

  @ApiPropertyOptional({ example: '{"ok":true}', description: 'The start of the answer.' })
  response?: string;

  @ApiPropertyOptional({
    type: TemplateFallbackResponse,
    description: 'WEBHOOK: a template fell back to the default.',
  })
  renderFallback?: TemplateFallbackResponse;
}

export class TestNotificationResponse {
  @ApiProperty({
    type: [TestNotificationResultResponse],
    description: 'One per receiver (a GROUP reaches several).',
  })
  results!: TestNotificationResultResponse[];
}
