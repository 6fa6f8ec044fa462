import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { DomainEvent } from '../../../platform/events/domain-event';
import { DeferredWork } from '../../../platform/events/deferred-work';
import { EventPublisher } from '../../../platform/events/event-publisher';
import type { AgentEventRaw, HostEventRaw } from '../automation.events';
import { AutomationStatusService } from '../automation-status/automation-status.service';
import { reportsBacklogged } from '../automation.errors';
import { lockReport } from '../automation.locks';
import { DisksService } from '../disks/disks.service';
import { checkReportEvents } from '../hosts/host-caps';
import { HostsStore, type ReportedHost } from '../hosts/hosts.store';
import { hostEventSubject } from '../hosts/host.mapper';
import { hostChangeFacts } from '../hosts/host-transitions';
import { isNoPartitionError, MeasurementPartitions } from '../measurements/measurement-partitions';
import { MeasurementStore, type DataPoint } from '../measurements/measurement.store';
import { ProjectScope } from '../../../platform/auth/project-scope';
import { HostStatistics } from '../hosts/host-statistics';
import { ConcurrencyGate, GateFullError } from '../../../platform/concurrency/concurrency-gate';
import { emitInOrder } from '../../../platform/events/emit-in-order';
import type { AgentType } from './agent-types';
import { AgentReportMetrics } from './agent-report.metrics';
import { AgentsStore } from './agents.store';
import type { AgentReportRequest } from './dto/agent-report.request';
import { REPORT_INGESTED, type ReportIngestedEvent } from './report-ingested.event';
import { checkReport, sampleTimes } from './report-checks';
import { mapSamples } from './sample-times';

// One agent report: the agent's heartbeat, its processes, the hosts it saw with their disks and data
// points, and the events all of that derives, in one transaction: a refused or failing report leaves
// nothing behind.
@Injectable()
export class ReportIngestService {
  private readonly writes: ConcurrencyGate;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly scope: ProjectScope,
    private readonly events: EventPublisher,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly agents: AgentsStore,
    private readonly processes: AutomationStatusService,
    private readonly hosts: HostsStore,
    private readonly disks: DisksService,
    private readonly measurements: MeasurementStore,
    private readonly partitions: MeasurementPartitions,
    private readonly emitter: EventEmitter2,
    private readonly statistics: HostStatistics,
    private readonly metrics: AgentReportMetrics,
    private readonly deferred: DeferredWork,
  ) {
    this.writes = new ConcurrencyGate(config.reportWriteConcurrency, config.reportQueueLimit);
    metrics.watchQueue(() => this.writes.queued);
  }

  async ingest(groupId: string, report: AgentReportRequest): Promise<void> {
    const now = this.clock.now();
    checkReport(report, now, this.config.measurementRetentionHours);
    await this.partitions.ensureFor(sampleTimes(report));
    // Admission before the transaction: a backlog of reports waits here, holding no connection, instead
    // of running as many transactions at once as the pool allows; waiting reports are served per
    // organization, then per project, so one tenant's flood neither delays nor refuses another's heartbeats.
    const tenant = { org: await this.scope.orgOf(groupId), project: groupId };
    const created = await this.writes
      .run(tenant, () => this.writeRemakingPartitions(groupId, report, now))
      .catch((error: unknown) => {
        throw error instanceof GateFullError ? reportsBacklogged(error.waiting) : error;
      });
    if (created > 0) this.statistics.hostsCreated(created);
  }

  // A partition this instance knew of may have been dropped by another instance of a shorter retention
  // (during a rolling change of MEASUREMENT_RETENTION_HOURS): the report's transaction, rolled back
  // whole, runs once more after the partitions are read again and the missing one made.
  private async writeRemakingPartitions(
    groupId: string,
    report: AgentReportRequest,
    now: Date,
  ): Promise<number> {
    try {
      return await this.write(groupId, report, now);
    } catch (error) {
      if (!isNoPartitionError(error)) throw error;
      await this.partitions.remake(sampleTimes(report));
      return this.write(groupId, report, now);
    }
  }

  // Returns the number of hosts the report created. The alerts its events and data points raise are
  // raised together at its end, in its transaction (DeferredWork).
  @Transactional()
  private write(groupId: string, report: AgentReportRequest, now: Date): Promise<number> {
    return this.deferred.batch(() => this.writeReport(groupId, report, now));
  }

  private async writeReport(groupId: string, report: AgentReportRequest, now: Date): Promise<number> {
    // Lock first: a report that waited for a project's deletion to commit then finds no project.
    await lockReport(this.txHost.tx, groupId, {
      agentHostname: report.hostname,
      processes: report.processes !== undefined,
    });
    const orgId = await this.scope.orgOf(groupId);
    const agentType = report.agentType as AgentType;
    const agentEvents = await this.agents.heartbeat(groupId, agentType, report.hostname, report.version, now);
    if (report.processes !== undefined) {
      await this.processes.replaceReported(groupId, report.hostname, report.processes, now);
    }
    const caps = {
      newPerReport: this.config.maxNewHostsPerReport,
      perProject: this.config.maxHostsPerProject,
    };
    const hosts = report.hosts?.length ? await this.hosts.apply(groupId, report.hosts, now, caps) : [];
    checkReportEvents(
      agentEvents.length + hosts.reduce((sum, { events }) => sum + events.length, 0),
      this.config.maxEventsPerReport,
    );
    await this.disks.replaceReported(
      groupId,
      hosts
        .filter(({ reported }) => reported.disks !== undefined)
        .map(({ host, reported }) => ({
          hostId: host.id,
          partitionNames: (reported.disks ?? []).map((disk) => disk.partitionName),
        })),
      now,
    );
    await this.measurements.insert(groupId, dataPointsOf(hosts));

    const base = { orgId, groupId, actor: null, occurredAt: now } satisfies Partial<DomainEvent>;
    const agentRaw: AgentEventRaw = { agentType, version: report.version, cause: 'HEARTBEAT' };
    // Published together: their audit rows in one statement (a report marking a thousand hosts down
    // writes a thousand), then each to its listeners in this order.
    await this.events.publishMany([
      ...agentEvents.map((eventTypeName) => ({
        ...base,
        eventTypeName,
        subject: { hostname: report.hostname },
        raw: { ...agentRaw },
      })),
      ...hosts.flatMap(({ host, events, previous }) =>
        events.map((eventTypeName) => {
          const raw: HostEventRaw = {
            cause: 'REPORTED',
            typeName: host.typeName,
            ...hostChangeFacts(eventTypeName, previous, host),
          };
          return { ...base, eventTypeName, subject: hostEventSubject(host), raw: { ...raw } };
        }),
      ),
    ]);
    if (hosts.length > 0) {
      const ingested: ReportIngestedEvent = { groupId, at: now, hosts: hosts.map(ingestedHostOf) };
      const evaluated = this.metrics.evaluationTimer();
      await emitInOrder(this.emitter, REPORT_INGESTED, ingested);
      evaluated();
    }
    return hosts.filter(({ previous }) => previous === undefined).length;
  }
}

function ingestedHostOf({ host, reported }: ReportedHost): ReportIngestedEvent['hosts'][number] {
  return {
    hostId: host.id,
    hostname: host.hostname,
    port: host.port,
    typeName: host.typeName,
    replicaSetName: host.replicaSetName,
    clusterName: host.clusterName,
    up: host.up,
    alertsEnabled: host.alertsEnabled,
    version: host.version,
    sslCertificateNotAfter: host.sslCertificateNotAfter,
    measurements: mapSamples(reported.measurements, (measurement, timestamp) => ({
      metricName: measurement.metricName,
      units: measurement.units,
      value: measurement.value,
      timestamp,
    })),
  };
}

function dataPointsOf(hosts: ReportedHost[]): DataPoint[] {
  return hosts.flatMap(({ host, reported }) =>
    mapSamples(reported.measurements, (measurement, timestamp) => ({
      hostId: host.id,
      metricName: measurement.metricName,
      units: measurement.units,
      timestamp,
      value: measurement.value,
    })),
  );
}
