export { AutomationModule } from './automation.module';
export { DeploymentReader, type HostSnapshot } from './deployment-reader';
export { AgentLivenessService } from './agents/agent-liveness.service';
export { MeasurementPartitions } from './measurements/measurement-partitions';
export { AutomationEventTypes } from './automation.events';
export { REPORT_INGESTED, type ReportIngestedEvent } from './agents/report-ingested.event';
