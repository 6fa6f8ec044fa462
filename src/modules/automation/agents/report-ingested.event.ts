// Internal (not a `domain.` event, not recorded): emitted inside a report's transaction after its hosts
// and data points were written, so a listener (the alert engine) evaluates them in that transaction; a
// failing listener rolls the report back.
export const REPORT_INGESTED = 'automation.report-ingested';

export interface IngestedMeasurement {
  metricName: string;
  units: string;
  value: number;
  timestamp: Date;
}

export interface IngestedHost {
  hostId: string;
  hostname: string;
  port: number;
  typeName: string;
  replicaSetName: string | null;
  clusterName: string | null;
  up: boolean;
  alertsEnabled: boolean;
  version: string | null;
  sslCertificateNotAfter: Date | null;
  measurements: IngestedMeasurement[];
}

export interface ReportIngestedEvent {
  groupId: string;
  at: Date;
  hosts: IngestedHost[];
}
