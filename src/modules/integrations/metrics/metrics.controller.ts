import { Controller, Get, Header, Headers, Inject } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { ApiErrorResponses } from '../../../platform/http/api-error-responses.decorator';
import { RequestContext } from '../../../platform/http/request-context';
import { IntegrationsErrors } from '../integrations.errors';
import { checkMetricsAccess } from './metrics-access';
import { ServiceMetrics } from './service-metrics';

// Scraped by Prometheus at the conventional /metrics, outside /api/public/v1.0. No Digest: it holds
// process figures and response counts by method and status, nothing about projects, but those still
// tell an outsider about the load and errors of the service, so who may read it is a setting
// (METRICS_ACCESS: loopback callers by default, a bearer token, or anyone).
@ApiTags('Prometheus')
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly context: RequestContext,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @PublicRoute()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOperation({
    summary: "The service's own metrics in the Prometheus text format.",
    description:
      'No Digest authentication. METRICS_ACCESS decides who may read it: `loopback` (default) callers on ' +
      'the machine itself, `token` callers sending `Authorization: Bearer <METRICS_TOKEN>`, `open` anyone.',
  })
  @ApiHeader({
    name: 'Authorization',
    description: 'Bearer <METRICS_TOKEN> (METRICS_ACCESS=token)',
    required: false,
  })
  @ApiErrorResponses(401, 'METRICS_ACCESS=token and no or a wrong bearer token.', [
    IntegrationsErrors.METRICS_TOKEN_REQUIRED(),
  ])
  @ApiErrorResponses(403, 'METRICS_ACCESS=loopback and the caller is not on the machine itself.', [
    IntegrationsErrors.METRICS_NOT_EXPOSED(),
  ])
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({
    schema: {
      type: 'string',
      example:
        '# HELP http_requests_total HTTP requests answered, by method and status code.\n' +
        '# TYPE http_requests_total counter\nhttp_requests_total{method="GET",status="200"} 42\n',
    },
  })
  scrape(@Headers('authorization') authorization: string | undefined): Promise<string> {
    checkMetricsAccess(this.config.metricsAccess, this.config.metricsToken, {
      remoteAddress: this.context.request()?.remoteAddress ?? '',
      authorization,
    });
    return this.metrics.text();
  }
}
