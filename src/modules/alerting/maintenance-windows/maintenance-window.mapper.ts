import type { LinkResponse } from '../../../platform/http/pagination/link.response';
import { toIsoSeconds } from '../../../platform/http/timestamps';
import type { MaintenanceWindowResponse } from './dto/maintenance-window.response';
import type { MaintenanceWindowEntity } from './maintenance-window.entity';

export function maintenanceWindowPath(groupId: string, windowId: string): string {
  return `/groups/${groupId}/maintenanceWindows/${windowId}`;
}

// Fields in the product's order; a one-off window over every configuration reads as before (the product's
// fields and matchers); recurrence and alertConfigIds appear only on windows that have them.
export function toMaintenanceWindowResponse(
  window: MaintenanceWindowEntity,
  links: LinkResponse[],
): MaintenanceWindowResponse {
  const response: MaintenanceWindowResponse = {
    id: window.id,
    groupId: window.groupId,
    created: toIsoSeconds(window.created),
    updated: toIsoSeconds(window.updated),
    startDate: toIsoSeconds(window.startDate),
    // Omitted only for a window that recurs for good.
    ...(window.endDate === null ? {} : { endDate: toIsoSeconds(window.endDate) }),
    alertTypeNames: window.alertTypeNames,
    matchers: window.matchers.map(({ fieldName, operator, value }) => ({ fieldName, operator, value })),
    links,
  };
  if (window.description !== null) response.description = window.description;
  if (window.alertConfigIds.length > 0) response.alertConfigIds = window.alertConfigIds;
  if (window.recurrence !== null) {
    const { daysOfWeek, startTime, endTime, timeZone } = window.recurrence;
    response.recurrence = { daysOfWeek, startTime, endTime, timeZone };
  }
  return response;
}
