import { CommonErrors } from '../../../platform/http/error-codes';
import { isObjectId } from '../../../platform/ids/object-id';
import { AlertingErrors, notificationTargetMissing } from '../alerting.errors';
import type { Notification } from '../alert-configs/alert-config.types';
import { projectIntegrationOf } from '../alert-configs/notification-rules';
import { notificationTypeSpec } from '../catalog/notification-types';

// How many projects a configuration may name, and how many tags it may filter on.
export const MAX_GLOBAL_GROUP_IDS = 100;
export const MAX_GLOBAL_TAGS = 25;

// Notification types that need one project to mean something: a USER must be a member of the
// project, a TEAM is assigned to projects of one organization. A global configuration names neither.
const PROJECT_ONLY_TYPES = new Set(['USER', 'TEAM']);

export interface GlobalScopeInput {
  forAllGroups?: boolean;
  groupIds?: string[];
  tags?: string[];
}

export interface GlobalScope {
  forAllGroups: boolean;
  groupIds: string[];
  tags: string[];
}

export interface ScopedProject {
  id: string;
  tags: readonly string[];
}

// forAllGroups is required. true: every project, narrowed to those carrying every tag listed; false: the
// projects of groupIds (at least one), and no tags.
export function checkGlobalScope(input: GlobalScopeInput): GlobalScope {
  if (input.forAllGroups === undefined) throw CommonErrors.MISSING_ATTRIBUTE('forAllGroups');
  const groupIds = [...new Set(input.groupIds ?? [])];
  const tags = [...new Set(input.tags ?? [])];
  for (const [index, groupId] of groupIds.entries()) {
    if (!isObjectId(groupId)) throw CommonErrors.INVALID_ATTRIBUTE(`groupIds[${index}]`);
  }
  for (const [index, tag] of tags.entries()) {
    if (tag.trim() === '') throw CommonErrors.INVALID_ATTRIBUTE(`tags[${index}]`);
  }
  if (input.forAllGroups) {
    if (groupIds.length > 0) {
      throw CommonErrors.VALIDATION_ERROR(
        'groupIds',
        'only a configuration with forAllGroups false names projects',
      );
    }
    return { forAllGroups: true, groupIds: [], tags };
  }
  if (groupIds.length === 0) throw CommonErrors.MISSING_ATTRIBUTE('groupIds');
  if (tags.length > 0) {
    throw CommonErrors.VALIDATION_ERROR(
      'tags',
      'only a configuration with forAllGroups true filters on tags',
    );
  }
  return { forAllGroups: false, groupIds, tags: [] };
}

// Every notification carries its own target: no project's integration, member or team to fall back on.
export function checkGlobalNotifications(notifications: readonly Notification[]): void {
  for (const [index, notification] of notifications.entries()) {
    const path = `notifications[${index}]`;
    if (PROJECT_ONLY_TYPES.has(notification.typeName)) {
      throw AlertingErrors.UNSUPPORTED_NOTIFICATION_TYPE(notification.typeName, `${path}.typeName`);
    }
    const integration = projectIntegrationOf(notification);
    if (integration !== undefined) {
      const field = notificationTypeSpec(integration)?.required[0] ?? 'typeName';
      throw notificationTargetMissing(integration, path, field);
    }
  }
}

export function appliesTo(scope: GlobalScope, project: ScopedProject): boolean {
  if (!scope.forAllGroups) return scope.groupIds.includes(project.id);
  return scope.tags.every((tag) => project.tags.includes(tag));
}
