import { toIsoSeconds } from '../../../platform/http/timestamps';
import { newObjectId } from '../../../platform/ids/object-id';
import type { AlertResponse } from '../../alerting';

// The alert a test notification and a template preview carry: an OPEN alert of the given type with the
// host and metric fields filled, so templates can use every common variable.
export function sampleAlert(
  groupId: string,
  now: Date,
  selfHref: (path: string) => string,
  overrides: { alertConfigId?: string; eventTypeName?: string } = {},
): AlertResponse {
  const id = newObjectId(now);
  const eventTypeName = overrides.eventTypeName ?? 'OUTSIDE_METRIC_THRESHOLD';
  return {
    id,
    groupId,
    alertConfigId: overrides.alertConfigId ?? '000000000000000000000000',
    eventTypeName,
    status: 'OPEN',
    created: toIsoSeconds(now),
    updated: toIsoSeconds(now),
    metricName: 'ASSERT_REGULAR',
    currentValue: { number: 0.5, units: 'RAW' },
    hostId: '2c4b7d9e0f1a2b3c4d5e6f70',
    hostnameAndPort: 'db0.example.com:27017',
    replicaSetName: 'rs1',
    humanReadable: `Test notification (${eventTypeName}): sample values, no real alert.`,
    tags: ['test'],
    links: [{ rel: 'self', href: selfHref(`/groups/${groupId}/alerts/${id}`) }],
  };
}
