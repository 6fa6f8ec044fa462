import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PublicRoute } from '../auth/require-role.decorator';
import { ApiErrorResponses } from '../http/api-error-responses.decorator';
import { ApiError } from '../http/api-error';
import { pingDatabase } from './database-ping.store';
import { Readiness } from './readiness';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly readiness: Readiness,
  ) {}

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

  @Get('ready')
  @PublicRoute()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Readiness (no authentication): database reachable, migrations applied, listeners connected.',
    description:
      'For load balancers and container health checks. Answers 503 naming the failing checks in `parameters` ' +
      '(`database`, `migrations`, `listener:<name>`). Computed at most once a second whatever the call rate.',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      required: ['status', 'checks'],
      properties: {
        status: { type: 'string', enum: ['ready'] },
        checks: {
          type: 'object',
          required: ['database', 'migrations', 'listeners'],
          properties: {
            database: { type: 'string', enum: ['up'] },
            migrations: { type: 'string', enum: ['applied'] },
            listeners: { type: 'string', enum: ['connected'] },
          },
        },
      },
      example: { status: 'ready', checks: { database: 'up', migrations: 'applied', listeners: 'connected' } },
    },
  })
  @ApiErrorResponses(503, 'Not ready; `parameters` names the failing checks.', [
    new ApiError(503, 'SERVICE_UNAVAILABLE', 'Not ready: database.', ['database']),
  ])
  async ready(): Promise<{ status: string; checks: Record<string, string> }> {
    const report = await this.readiness.report();
    if (report.failing.length > 0) {
      throw new ApiError(
        503,
        'SERVICE_UNAVAILABLE',
        `Not ready: ${report.failing.join(', ')}.`,
        report.failing,
      );
    }
    return { status: 'ready', checks: report.checks };
  }
}
