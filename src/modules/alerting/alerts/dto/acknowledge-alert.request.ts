import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { IsIsoDateTime } from '../../../../platform/http/iso-date-time';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

export const MAX_ACKNOWLEDGEMENT_COMMENT_LENGTH = 200;

// PATCH /groups/{groupId}/alerts/{alertId}. Omitting acknowledgedUntil (or sending null) unacknowledges the
// alert. The rest of the alert as GET prints it may come along, each field equal to the stored value: the
// service and the alert engine set them.
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

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  groupId?: unknown;

  @ReadOnlyField({ type: String })
  alertConfigId?: unknown;

  @ReadOnlyField({ type: String })
  eventTypeName?: unknown;

  @ReadOnlyField({ type: String })
  status?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-03T20:28:14Z' })
  created?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-03T20:33:14Z' })
  updated?: unknown;

  @ReadOnlyField({ type: String })
  lastNotified?: unknown;

  @ReadOnlyField({ type: String })
  resolved?: unknown;

  @ReadOnlyField({ type: String })
  acknowledgingUsername?: unknown;

  @ReadOnlyField({ type: String })
  clusterId?: unknown;

  @ReadOnlyField({ type: String })
  clusterName?: unknown;

  @ReadOnlyField({ type: Object })
  currentValue?: unknown;

  @ReadOnlyField({ type: String })
  hostId?: unknown;

  @ReadOnlyField({ type: String })
  hostnameAndPort?: unknown;

  @ReadOnlyField({ type: String })
  metricName?: unknown;

  @ReadOnlyField({ type: String })
  replicaSetName?: unknown;

  @ReadOnlyField({ type: String })
  sourceTypeName?: unknown;

  @ReadOnlyField({ type: [String] })
  tags?: unknown;

  @ReadOnlyField({ type: String })
  humanReadable?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;

  // The configuration's settings the alert repeats: changed through the configuration, not here.
  @ReadOnlyField({ type: Boolean })
  enabled?: unknown;

  @ReadOnlyField({ type: [Object] })
  matchers?: unknown;

  @ReadOnlyField({ type: Object })
  metricThreshold?: unknown;

  @ReadOnlyField({ type: [Object] })
  notifications?: unknown;
}
