export { AutomationModule } from './automation.module';
export {
  DeploymentReader,
  type AgentSnapshot,
  type HostSnapshot,
  type LatestMeasurement,
} from './deployment-reader';
export { AgentLivenessService, type SweepResult } from './agents/agent-liveness.service';
export { MeasurementPartitions } from './measurements/measurement-partitions';
export {
  AutomationEventTypes,
  type AutomationEventType,
  type AgentEventRaw,
  type HostEventRaw,
} from './automation.events';
export { AGENT_TYPES, type AgentType } from './agents/agent-types';
export {
  REPORT_INGESTED,
  type ReportIngestedEvent,
  type IngestedHost,
  type IngestedMeasurement,
} from './agents/report-ingested.event';
