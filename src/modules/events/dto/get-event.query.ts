import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { toBoolean } from '../../../platform/http/pagination/page.query';

export class GetEventQuery {
  @ApiPropertyOptional({ default: false, description: 'Return the `raw` meta document of the event.' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  includeRaw: boolean = false;
}
