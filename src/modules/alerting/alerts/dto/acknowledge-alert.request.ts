import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';

export const MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH = 200;

// PATCH /groups/{groupId}/alerts/{alertId}. Omitting acknowledgedUntil (or sending null) unacknowledges the
// alert.
export class AcknowledgeAlertRequest {
  @ApiPropertyOptional({
    example: '2016-04-15T00:00:00-0400',
    description:
      'ISO 8601 date and time, in the future, until which the alert is acknowledged (offsets such as -0400 ' +
      'are accepted; no zone means UTC). To acknowledge indefinitely, send a time 100 years ahead. Omit to unacknowledge.',
  })
  @IsOptional()
  @IsIsoDateTime()
  acknowledgedUntil?: string | null;

  @ApiPropertyOptional({
    example: 'This is normal. Please ignore.',
    maxLength: MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH,
    description: 'Why the alert is acknowledged; ignored when unacknowledging.',
  })
  @IsOptional()
  @IsString()
  acknowledgementComment?: string | null;
}
