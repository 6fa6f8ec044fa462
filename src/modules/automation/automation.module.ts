import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentKeyCheck } from '../../platform/auth/agent-key-check';
import { IdentityModule } from '../identity';
import { AgentApiKeyEntity } from './agent-api-keys/agent-api-key.entity';
import { AgentApiKeysController } from './agent-api-keys/agent-api-keys.controller';
import { AgentApiKeysService } from './agent-api-keys/agent-api-keys.service';
import { AgentKeyVerifier } from './agents/agent-key-verifier';
import { AgentLivenessService } from './agents/agent-liveness.service';
import { AgentReportsController } from './agents/agent-reports.controller';
import { AgentEntity } from './agents/agent.entity';
import { AgentsStore } from './agents/agents.store';
import { ReportIngestService } from './agents/report-ingest.service';
import { AutomationConfigController } from './automation-config/automation-config.controller';
import { AutomationConfigEntity } from './automation-config/automation-config.entity';
import { AutomationConfigService } from './automation-config/automation-config.service';
import { AutomationProcessEntity } from './automation-status/automation-process.entity';
import { AutomationStatusController } from './automation-status/automation-status.controller';
import { AutomationStatusService } from './automation-status/automation-status.service';
import { AutomationScheduler } from './automation.scheduler';
import { DeploymentReader } from './deployment-reader';
import { DiskEntity } from './disks/disk.entity';
import { DisksController } from './disks/disks.controller';
import { DisksService } from './disks/disks.service';
import { DisksStore } from './disks/disks.store';
import { AutomationGroupDeletedListener } from './group-deleted.listener';
import { HostStatistics } from './hosts/host-statistics';
import { HostStatisticsWriter } from './hosts/host-statistics.writer';
import { HostsStore } from './hosts/hosts.store';
import { HostEntity } from './hosts/host.entity';
import { HostsController } from './hosts/hosts.controller';
import { HostsService } from './hosts/hosts.service';
import { LatestMeasurementEntity } from './measurements/latest-measurement.entity';
import { MeasurementPartitions } from './measurements/measurement-partitions';
import { MeasurementPartitionsWriter } from './measurements/measurement-partitions.writer';
import { MeasurementMetricIds } from './measurements/measurement-metric-ids';
import { MeasurementStore } from './measurements/measurement.store';
import { MeasurementsController } from './measurements/measurements.controller';
import { MeasurementsService } from './measurements/measurements.service';
import { AgentActivity } from '../../platform/deployments/agent-activity';
import { AgentReportMetrics } from './agents/agent-report.metrics';

// Automation configuration and status, hosts, disks and measurements, project agent API keys, and the
// agent API that feeds them. Exports the reader of hosts and latest measurements and the liveness sweep;
// other contexts listen to its events on `domain.<NAME>` (automation.events.ts).
@Module({
  // IdentityModule provides the ProjectDirectory (a project's organization, for events and existence).
  imports: [
    IdentityModule,
    TypeOrmModule.forFeature([
      AutomationConfigEntity,
      AutomationProcessEntity,
      AgentApiKeyEntity,
      AgentEntity,
      HostEntity,
      DiskEntity,
      LatestMeasurementEntity,
    ]),
  ],
  controllers: [
    AutomationConfigController,
    AutomationStatusController,
    HostsController,
    DisksController,
    MeasurementsController,
    AgentApiKeysController,
    AgentReportsController,
  ],
  providers: [
    AutomationConfigService,
    AutomationStatusService,
    HostsService,
    HostsStore,
    HostStatistics,
    HostStatisticsWriter,
    DisksService,
    DisksStore,
    MeasurementMetricIds,
    MeasurementStore,
    MeasurementPartitions,
    MeasurementPartitionsWriter,
    MeasurementsService,
    AgentApiKeysService,
    AgentKeyVerifier,
    { provide: AgentKeyCheck, useExisting: AgentKeyVerifier },
    AgentsStore,
    ReportIngestService,
    AgentLivenessService,
    AutomationScheduler,
    DeploymentReader,
    AutomationGroupDeletedListener,
    AgentReportMetrics,
    { provide: AgentActivity, useExisting: AgentsStore },
  ],
  exports: [DeploymentReader, AgentLivenessService, MeasurementPartitions, AgentActivity],
})
export class AutomationModule {}
