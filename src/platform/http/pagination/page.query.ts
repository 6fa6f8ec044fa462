import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_ITEMS_PER_PAGE = 500;
export const DEFAULT_ITEMS_PER_PAGE = 100;
export const MAX_PAGE_NUM = Math.floor(Number.MAX_SAFE_INTEGER / MAX_ITEMS_PER_PAGE);

export function toBoolean({ value }: { value: unknown }): unknown {
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  return value;
}

// Query parameters every list endpoint accepts (as every product endpoint does).
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, default: 1, description: 'One-based page number.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  // Keeps the row offset an exact integer (and within Postgres's bigint): 1e20 was a 500.
  @Max(MAX_PAGE_NUM)
  pageNum: number = 1;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_ITEMS_PER_PAGE, default: DEFAULT_ITEMS_PER_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_ITEMS_PER_PAGE)
  itemsPerPage: number = DEFAULT_ITEMS_PER_PAGE;

  @ApiPropertyOptional({ default: true, description: 'Whether totalCount is returned.' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  includeCount: boolean = true;

  @ApiPropertyOptional({ default: false, description: 'Pretty-print the JSON response.' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  pretty?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Wrap the response in an envelope with its status.' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean()
  envelope?: boolean;

  get offset(): number {
    return (this.pageNum - 1) * this.itemsPerPage;
  }
}
