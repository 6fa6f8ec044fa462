import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PublicRoute } from '../auth/require-role.decorator';
import { ApiError } from '../http/api-error';
import { pingDatabase } from './database-ping.store';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @PublicRoute()
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness and database reachability (no authentication).' })
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  async check(): Promise<{ status: string; database: string }> {
    try {
      await pingDatabase(this.dataSource);
    } catch {
      throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The database is unreachable.', ['database']);
    }
    return { status: 'ok', database: 'up' };
  }
}
