import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

// PATCH /groups/{groupId}/alertConfigs/{alertConfigId}: only enables or disables.
export class ToggleAlertConfigRequest {
  @ApiProperty({ example: false })
  @IsBoolean()
  enabled!: boolean;
}
