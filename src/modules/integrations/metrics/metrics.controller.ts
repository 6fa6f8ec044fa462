import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { PublicRoute } from '../../../platform/auth/require-role.decorator';
import { ServiceMetrics } from './service-metrics';

// Scraped by Prometheus at the conventional /metrics, outside /api/public/v1.0. Public like /health:
// it holds process figures and response counts by method and status, nothing about projects.
@ApiTags('Prometheus')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: ServiceMetrics) {}

  @Get()
  @PublicRoute()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOperation({ summary: "The service's own metrics in the Prometheus text format (no authentication)." })
  @ApiProduces(Registry.PROMETHEUS_CONTENT_TYPE)
  @ApiOkResponse({
    schema: {
      type: 'string',
      example:
        '# HELP http_requests_total HTTP requests answered, by method and status code.\n' +
        '# TYPE http_requests_total counter\nhttp_requests_total{method="GET",status="200"} 42\n',
    },
  })
  scrape(): Promise<string> {
    return this.metrics.text();
  }
}
