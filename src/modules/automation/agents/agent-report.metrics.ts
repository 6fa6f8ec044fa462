import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Counter, Gauge, Histogram } from 'prom-client';
import { errorCodeOf } from '../../../platform/http/error-outcome';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';

// Express routes ignore case and a trailing slash; the query string is not part of the route.
const REPORT_ROUTE = /^\/agents\/v1\/groups\/[^/?]+\/reports\/?(?:\?|$)/i;

// The agent API's figures. Reports are counted at the HTTP server once answered, so a report refused
// before it reaches the service (credentials, body size, JSON, validation, the backlog) is counted too,
// under the error code it was answered with: a bounded set, the catalog's.
@Injectable()
export class AgentReportMetrics implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly accepted: Counter;
  private readonly refused: Counter<'reason'>;
  private readonly duration: Histogram<'outcome'>;
  private readonly evaluation: Histogram;
  private queued: () => number = () => 0;
  private server: Server | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    metrics: MetricsRegistry,
  ) {
    const registers = [metrics.registry];
    this.accepted = new Counter({
      name: 'dms_agent_reports_accepted_total',
      help: 'Agent reports stored (202).',
      registers,
    });
    this.refused = new Counter({
      name: 'dms_agent_reports_refused_total',
      help: 'Agent reports refused, by the error code of the answer (reason).',
      labelNames: ['reason'] as const,
      registers,
    });
    this.duration = new Histogram({
      name: 'dms_agent_report_duration_seconds',
      help: 'Time from receiving an agent report to its answer, by outcome (accepted, refused).',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.evaluation = new Histogram({
      name: 'dms_alert_evaluation_seconds',
      help: "Time the alert conditions of one agent report took to evaluate, inside the report's transaction.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    const queued = () => this.queued();
    new Gauge({
      name: 'dms_agent_report_queue_depth',
      help: 'Agent reports waiting for a write slot (REPORT_WRITE_CONCURRENCY); refused past REPORT_QUEUE_LIMIT.',
      registers,
      collect() {
        this.set(queued());
      },
    });
  }

  // The owner of the write queue says how to read its length.
  watchQueue(queued: () => number): void {
    this.queued = queued;
  }

  // Call the returned function when the evaluation is done.
  evaluationTimer(): () => void {
    const end = this.evaluation.startTimer();
    return () => void end();
  }

  onApplicationBootstrap(): void {
    this.server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    this.server?.on('request', this.watch);
  }

  onModuleDestroy(): void {
    this.server?.off('request', this.watch);
  }

  private readonly watch = (request: IncomingMessage, response: ServerResponse): void => {
    if (request.method !== 'POST' || !REPORT_ROUTE.test(request.url ?? '')) return;
    const end = this.duration.startTimer();
    response.once('finish', () => {
      if (response.statusCode === 202) {
        this.accepted.inc();
        end({ outcome: 'accepted' });
        return;
      }
      this.refused.inc({ reason: errorCodeOf(response) ?? `HTTP_${response.statusCode}` });
      end({ outcome: 'refused' });
    });
  };
}
