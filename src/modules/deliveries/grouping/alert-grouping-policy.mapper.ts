import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { AlertGroupingPolicyEntity } from './alert-grouping-policy.entity';
import type { AlertGroupingPolicyResponse } from './dto/alert-grouping-policy.response';
import { GROUP_INTERVAL_DEFAULT_SECONDS, GROUP_WAIT_DEFAULT_SECONDS } from './grouping-keys';

export function alertGroupingPolicyPath(groupId: string): string {
  return `/groups/${groupId}/alertGroupingPolicy`;
}

// What a project without a saved policy has: no grouping.
export function noGrouping(groupId: string): AlertGroupingPolicyEntity {
  const epoch = new Date(0);
  return {
    groupId,
    groupBy: [],
    groupWaitSeconds: GROUP_WAIT_DEFAULT_SECONDS,
    groupIntervalSeconds: GROUP_INTERVAL_DEFAULT_SECONDS,
    repeatIntervalMinutes: null,
    created: epoch,
    updated: epoch,
  };
}

export function toAlertGroupingPolicyResponse(
  policy: AlertGroupingPolicyEntity,
  saved: boolean,
  links: LinkResponse[],
): AlertGroupingPolicyResponse {
  const response: AlertGroupingPolicyResponse = {
    groupId: policy.groupId,
    groupBy: policy.groupBy,
    groupWaitSeconds: policy.groupWaitSeconds,
    groupIntervalSeconds: policy.groupIntervalSeconds,
    links,
  };
  if (policy.repeatIntervalMinutes !== null) response.repeatIntervalMinutes = policy.repeatIntervalMinutes;
  if (saved) {
    response.created = toIsoSeconds(policy.created);
    response.updated = toIsoSeconds(policy.updated);
  }
  return response;
}

// `raw` of the policy's audit events.
export function policyRaw(policy: AlertGroupingPolicyEntity): Record<string, unknown> {
  return {
    groupBy: policy.groupBy,
    groupWaitSeconds: policy.groupWaitSeconds,
    groupIntervalSeconds: policy.groupIntervalSeconds,
    ...(policy.repeatIntervalMinutes === null ? {} : { repeatIntervalMinutes: policy.repeatIntervalMinutes }),
  };
}
