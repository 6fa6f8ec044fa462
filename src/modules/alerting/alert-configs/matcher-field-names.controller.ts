import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireAuthenticated } from '../../../platform/auth/require-role.decorator';
import { MATCHER_FIELD_NAMES } from '../catalog/matchers';

@ApiTags('Alert configurations')
@Controller('alertConfigs/matchers/fieldNames')
export class MatcherFieldNamesController {
  @Get()
  @RequireAuthenticated()
  @ApiOperation({
    summary: 'Get the field names a matcher can use',
    description:
      'A bare JSON array, not a list envelope (product page and Go client). Any authenticated caller.',
  })
  @ApiOkResponse({
    schema: { type: 'array', items: { type: 'string', enum: [...MATCHER_FIELD_NAMES] } },
    example: MATCHER_FIELD_NAMES,
  })
  list(): string[] {
    return [...MATCHER_FIELD_NAMES];
  }
}
