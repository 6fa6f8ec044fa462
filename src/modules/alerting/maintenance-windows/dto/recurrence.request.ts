import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { DAYS_OF_WEEK } from '../window-recurrence';

// Beyond the product: when a maintenance window recurs. Presence and formats are checked by the service,
// which names the field (recurrence.startTime, ...).
export class RecurrenceRequest {
  @ApiProperty({
    enum: DAYS_OF_WEEK,
    isArray: true,
    maxItems: DAYS_OF_WEEK.length,
    example: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    description: "The days, in the window's time zone, on which an occurrence starts; at least one.",
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(DAYS_OF_WEEK.length)
  @IsString({ each: true })
  daysOfWeek?: string[] | null;

  @ApiProperty({
    type: String,
    example: '22:00',
    pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
    description: 'Local wall-clock time HH:MM (00:00 to 23:59) at which each occurrence starts.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(5)
  startTime?: string | null;

  @ApiProperty({
    type: String,
    example: '02:00',
    pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$',
    description:
      'Local wall-clock time HH:MM (00:00 to 24:00, other than startTime) at which each occurrence ends; ' +
      'before startTime, it ends on the next day (22:00 to 02:00 crosses midnight).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(5)
  endTime?: string | null;

  @ApiProperty({
    type: String,
    example: 'Europe/Berlin',
    maxLength: 64,
    description:
      'IANA time zone name; the days and times are read on its wall clock, daylight saving included. A ' +
      'time the clocks skip counts as the same time after the jump; a time they repeat, as its first pass.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string | null;
}
