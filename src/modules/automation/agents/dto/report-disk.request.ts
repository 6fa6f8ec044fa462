import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';

// A disk partition: the product documents the partition name only.
export class ReportDiskRequest {
  @ApiProperty({ example: 'xvdf', minLength: 1, maxLength: 255, description: 'Device name; no slash.' })
  @IsString()
  @Length(1, 255)
  @Matches(/^[^/\s]+$/, { message: 'partitionName must be a device name without slashes or spaces' })
  partitionName!: string;
}
