// Shapes of a validated alert configuration. Notifications hold plaintext here; they are sealed
// (secret fields encrypted) before they reach the database, see notification-secrets.ts.
export interface Matcher {
  fieldName: string;
  operator: string;
  value: string;
}

export interface MetricThreshold {
  metricName: string;
  mode: string;
  operator: string;
  threshold: number;
  units: string;
}

export interface Threshold {
  operator: string;
  threshold: number;
  units: string;
}

export type NotificationValue = string | number | boolean | string[];

// typeName, delayMin, intervalMin and the type's own fields (catalog/notification-types.ts).
export interface Notification {
  typeName: string;
  delayMin: number;
  intervalMin: number;
  [field: string]: NotificationValue;
}

export interface AlertConfigDraft {
  eventTypeName: string;
  enabled: boolean;
  matchers: Matcher[];
  metricThreshold: MetricThreshold | null;
  threshold: Threshold | null;
  notifications: Notification[];
}

// What a client sent, after the JSON types were checked by the request DTOs.
export interface MatcherInput {
  fieldName: string;
  operator: string;
  value: string;
}

export interface MetricThresholdInput {
  metricName: string;
  mode?: string;
  operator: string;
  threshold: number;
  units?: string;
}

export interface ThresholdInput {
  operator: string;
  threshold: number;
  units?: string;
}

export type NotificationInput = { typeName: string } & { [field: string]: NotificationValue | undefined };

export interface AlertConfigInput {
  eventTypeName: string;
  enabled?: boolean;
  matchers?: MatcherInput[];
  metricThreshold?: MetricThresholdInput;
  threshold?: ThresholdInput;
  notifications?: NotificationInput[];
}

// For the alert engine: an enabled configuration with its notification secrets in clear.
export interface AlertConfigDefinition extends AlertConfigDraft {
  id: string;
  groupId: string;
  created: Date;
  updated: Date;
}
