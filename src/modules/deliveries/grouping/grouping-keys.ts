import type { AlertResponse } from '../../alerting';

// The alert fields a grouping policy may group by, and where each is read from the alert document.
export const GROUP_BY_KEYS = ['REPLICA_SET', 'CLUSTER', 'HOST', 'ALERT_CONFIG', 'EVENT_TYPE'] as const;
export type GroupByKey = (typeof GROUP_BY_KEYS)[number];

export const GROUP_WAIT_DEFAULT_SECONDS = 30;
export const GROUP_INTERVAL_DEFAULT_SECONDS = 300;
export const GROUP_WAIT_MAX_SECONDS = 3600;
export const GROUP_INTERVAL_MAX_SECONDS = 86_400;
// The bounds of a notification's intervalMin.
export const REPEAT_INTERVAL_MIN_MINUTES = 5;
export const REPEAT_INTERVAL_MAX_MINUTES = 10_080;

// An alert without the field (a host alert has no cluster) groups under the empty value, as
// Alertmanager groups alerts missing a label.
export function groupLabelsOf(alert: AlertResponse, groupBy: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const key of groupBy) labels[key] = labelOf(alert, key as GroupByKey);
  return labels;
}

function labelOf(alert: AlertResponse, key: GroupByKey): string {
  switch (key) {
    case 'REPLICA_SET':
      return alert.replicaSetName ?? '';
    case 'CLUSTER':
      return alert.clusterId ?? alert.clusterName ?? '';
    case 'HOST':
      return alert.hostnameAndPort ?? alert.hostId ?? '';
    case 'ALERT_CONFIG':
      return alert.alertConfigId;
    case 'EVENT_TYPE':
      return alert.eventTypeName;
  }
}
