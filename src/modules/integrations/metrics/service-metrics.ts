import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

// The service's own metrics for Prometheus: the process and Node.js defaults of prom-client, plus the
// HTTP responses by method and status. One registry per application, so test apps in one process do
// not share counters. Labels carry no path: paths hold project ids and would grow without bound.
@Injectable()
export class ServiceMetrics implements OnApplicationBootstrap, OnModuleDestroy {
  readonly registry = new Registry();
  private readonly responses = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method and status code.',
    labelNames: ['method', 'status'] as const,
    registers: [this.registry],
  });
  private server: Server | undefined;

  constructor(private readonly adapterHost: HttpAdapterHost) {
    collectDefaultMetrics({ register: this.registry });
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
    return this.registry.metrics();
  }

  private readonly count = (request: IncomingMessage, response: ServerResponse): void => {
    response.once('finish', () =>
      this.responses.inc({ method: request.method ?? 'UNKNOWN', status: String(response.statusCode) }),
    );
  };
}
