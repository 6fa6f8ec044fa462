import type { AlertResponse } from '../../alerting';

// The X-MMS-Event value of a group message (ours: the product has no grouping).
export const GROUP_EVENT_KIND = 'alert.group';

// The webhook body of a group message, and what the delivery row keeps to send it again.
export interface GroupDocument {
  // The notification group's id: the same in every message of the group (the incident key).
  groupKey: string;
  // The project.
  groupId: string;
  // The policy's groupBy keys and this group's values, e.g. {"REPLICA_SET": "rs0"}.
  groupLabels: Record<string, string>;
  // OPEN while the message carries an open alert; CLOSED when every alert it speaks of has ended.
  status: 'OPEN' | 'CLOSED';
  // 1 for the group's first message, then 2, 3...
  sequence: number;
  // The open alerts (acknowledged, silenced and inhibited ones left out) and those ended since the
  // group's previous message, each as GET one alert shows it.
  alerts: AlertResponse[];
  // Alerts this message is the first to carry.
  newAlertIds: string[];
  // Alerts this message is the first to carry as ended (closed or cancelled).
  resolvedAlertIds: string[];
  created: string;
  updated: string;
}

export function isGroupDocument(document: object): document is GroupDocument {
  return 'groupKey' in document && 'groupLabels' in document;
}
