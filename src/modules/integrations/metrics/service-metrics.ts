import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Counter } from 'prom-client';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';

// The HTTP responses by method and status, on the application's registry (where every context adds its
// own figures; docs/operations.md lists them). Labels carry no path: paths hold project ids and would
// grow without bound.
@Injectable()
export class ServiceMetrics implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly responses: Counter<'method' | 'status'>;
  private server: Server | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: MetricsRegistry,
  ) {
    this.responses = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method and status code.',
      labelNames: ['method', 'status'] as const,
      registers: [metrics.registry],
    });
  }

  // Counted at the HTTP server, not in a Nest interceptor: requests refused by authentication or
  // parsing before routing are counted too.
  onApplicationBootstrap(): void {
    this.server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    this.server?.on('request', this.count);
  }

  onModuleDestroy(): void {
    this.server?.off('request', this.count);
  }

  text(): Promise<string> {
    return this.metrics.text();
  }

  private readonly count = (request: IncomingMessage, response: ServerResponse): void => {
    response.once('finish', () =>
      this.responses.inc({ method: request.method ?? 'UNKNOWN', status: String(response.statusCode) }),
    );
  };
}
