import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { AlertConfigFieldsRequest } from './create-alert-config.request';

// PUT /groups/{groupId}/alertConfigs/{alertConfigId}: the body may be a subset. It replaces the
// configuration: omitted optional fields take their defaults (enabled false, no matchers, no thresholds);
// an omitted eventTypeName keeps the current one.
export class ReplaceAlertConfigRequest extends AlertConfigFieldsRequest {
  @ApiPropertyOptional({
    example: 'NO_PRIMARY',
    description: 'Omitted: the current event type is kept.',
  })
  @IsOptional()
  @IsString()
  eventTypeName?: string;
}
