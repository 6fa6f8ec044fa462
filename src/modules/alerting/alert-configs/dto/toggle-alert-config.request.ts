import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { LinkResponse } from '../../../../platform/http/pagination/link.response';
import { ReadOnlyField } from '../../../../platform/http/read-only-fields';

// PATCH /groups/{groupId}/alertConfigs/{alertConfigId}: only enables or disables. A client may send back
// the configuration as GET printed it with `enabled` changed; every other field is read-only here (PUT
// changes them) and must equal the stored value.
export class ToggleAlertConfigRequest {
  @ApiProperty({ example: false })
  @IsBoolean()
  enabled!: boolean;

  @ReadOnlyField({ type: String })
  id?: unknown;

  @ReadOnlyField({ type: String })
  groupId?: unknown;

  @ReadOnlyField({ type: String })
  eventTypeName?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:52:29Z' })
  created?: unknown;

  @ReadOnlyField({ type: String, example: '2014-04-23T14:56:25Z' })
  updated?: unknown;

  @ReadOnlyField({ type: 'array', items: { type: 'object' } })
  matchers?: unknown;

  @ReadOnlyField({ type: 'array', items: { type: 'object' } })
  notifications?: unknown;

  @ReadOnlyField({ type: Object })
  metricThreshold?: unknown;

  @ReadOnlyField({ type: Object })
  threshold?: unknown;

  @ReadOnlyField({ type: [LinkResponse] })
  links?: unknown;
}
