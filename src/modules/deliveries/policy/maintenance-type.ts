import { eventTypeInfo } from '../../alerting';

// Maintenance windows silence alert types by the category of the alert's event type (the
// product's maintenance window categories: HOST, REPLICA_SET, CLUSTER, AGENT, BACKUP). Metric alerts are
// HOST alerts.
const SILENCEABLE = new Set(['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP']);

export function maintenanceTypeOf(eventTypeName: string): string | undefined {
  const category = eventTypeInfo(eventTypeName)?.category;
  return category !== undefined && SILENCEABLE.has(category) ? category : undefined;
}
