import { Type } from 'class-transformer';
import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Min,
  ValidateNested,
} from 'class-validator';
import { ApiError } from './api-error';
import { ApiValidationPipe } from './validation';

class PageLikeQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  pageNum: number = 1;
}

// Defaults that fail validation: an empty query must keep being refused.
class BrokenDefaultsQuery {
  @IsInt()
  @Min(1)
  pageNum: number = 0;
}

const asQuery = (metatype: new () => unknown) => ({ type: 'query' as const, metatype, data: undefined });

describe('ApiValidationPipe', () => {
  it('should answer an empty query with a fresh instance holding the defaults, before and after the first', async () => {
    const pipe = new ApiValidationPipe();
    const first = await pipe.transform(Object.create(null), asQuery(PageLikeQuery));
    const second = await pipe.transform({}, asQuery(PageLikeQuery));

    expect(first).toBeInstanceOf(PageLikeQuery);
    expect(second).toBeInstanceOf(PageLikeQuery);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
  });

  it('should still validate and convert a query that has parameters', async () => {
    const pipe = new ApiValidationPipe();
    await pipe.transform({}, asQuery(PageLikeQuery));

    await expect(pipe.transform({ pageNum: '3' }, asQuery(PageLikeQuery))).resolves.toEqual(
      Object.assign(new PageLikeQuery(), { pageNum: 3 }),
    );
    await expect(pipe.transform({ pageNum: '0' }, asQuery(PageLikeQuery))).rejects.toMatchObject({
      errorCode: 'INVALID_QUERY_PARAMETER',
    });
  });

  it('should refuse an empty query every time when the defaults themselves are invalid', async () => {
    const pipe = new ApiValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({}, asQuery(BrokenDefaultsQuery))).rejects.toBeInstanceOf(ApiError);
    }
  });
});

class NestedPart {
  @IsOptional()
  @IsInt()
  value?: number;
}

class WithNested {
  @ApiPropertyOptional({ type: NestedPart })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => NestedPart)
  part?: NestedPart;

  @ApiPropertyOptional({ type: [NestedPart] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => NestedPart)
  parts?: NestedPart[];

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  clearable?: string | null;

  @ApiPropertyOptional({ type: Object })
  @IsOptional()
  @IsObject()
  free?: Record<string, unknown>;
}

describe('ApiValidationPipe: explicit nulls', () => {
  const asBody = { type: 'body' as const, metatype: WithNested, data: undefined };

  it('should treat null for an optional nested object, array or nested field as absent', async () => {
    const result = await new ApiValidationPipe().transform(
      { part: null, parts: [{ value: null }], clearable: null, free: { kept: null } },
      asBody,
    );
    expect(result).toBeInstanceOf(WithNested);
    expect(Object.keys(result as object).sort()).toEqual(['clearable', 'free', 'parts']);
    expect((result as WithNested).parts?.[0]).toEqual(new NestedPart());
    // Documented as nullable: null means "clear" and is kept; a free-form map keeps its data.
    expect((result as WithNested).clearable).toBeNull();
    expect((result as WithNested).free).toEqual({ kept: null });
  });
});

class CappedParent {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => NestedPart)
  parts?: NestedPart[];
}

class CappedChild extends CappedParent {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2, { message: 'at most 2 tags' })
  @IsString({ each: true })
  tags?: string[];
}

describe('ApiValidationPipe: array caps', () => {
  const asBody = { type: 'body' as const, metatype: CappedChild, data: undefined };

  it('should refuse an array over its cap, inherited or not, with its message when the items would fail too', async () => {
    const pipe = new ApiValidationPipe();
    // Items that are not even objects: refused for the count before any item is looked at.
    await expect(pipe.transform({ parts: [1, 2, 3, 4] }, asBody)).rejects.toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      parameters: ['parts', 'parts must contain no more than 3 elements'],
    });
    await expect(pipe.transform({ tags: [1, 2, 3] }, asBody)).rejects.toMatchObject({
      parameters: ['tags', 'at most 2 tags'],
    });
  });

  it('should validate the items as before when the array is within its cap', async () => {
    const pipe = new ApiValidationPipe();
    await expect(pipe.transform({ parts: [{ value: 1 }], tags: ['a', 'b'] }, asBody)).resolves.toBeInstanceOf(
      CappedChild,
    );
    await expect(pipe.transform({ parts: [{ value: 'x' }] }, asBody)).rejects.toMatchObject({
      parameters: ['parts[0].value'],
    });
  });
});
