import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { NotificationRequest } from '../../../alerting';

// Either an unsaved notification (as in an alert configuration's `notifications`) or a saved one,
// named by its configuration and index.
export class TestNotificationRequest {
  @ApiPropertyOptional({
    type: NotificationRequest,
    example: { typeName: 'WEBHOOK', webhookUrl: 'https://hooks.example.com/dms', webhookSecret: 's3cr3t' },
    description: 'An unsaved notification, checked with the same rules as in alert configurations.',
  })
  @IsOptional()
  // ValidateNested alone admits an array (it validates its items): [] would reach the service.
  @IsObject()
  @ValidateNested()
  @Type(() => NotificationRequest)
  notification?: NotificationRequest;

  @ApiPropertyOptional({
    example: '5e8cc670a16506712e0b1e97',
    description: 'A saved notification: its alert configuration (enabled or not) ...',
  })
  @IsOptional()
  @IsString()
  alertConfigId?: string;

  @ApiPropertyOptional({
    example: 0,
    default: 0,
    minimum: 0,
    description: '... and its index in `notifications`.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  notificationIndex?: number;
}
