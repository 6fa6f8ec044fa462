import { ORG_ROLE_NAMES } from '../../../platform/auth/role-names';
import { CommonErrors } from '../../../platform/http/error-codes';
import { isObjectId } from '../../../platform/ids/object-id';
import { PHONE_NUMBER_PATTERN } from '../../../platform/text/phone-number';
import { AlertingErrors } from '../alerting.errors';
import {
  DATADOG_REGIONS,
  DEFAULT_DELAY_MIN,
  DEFAULT_INTERVAL_MIN,
  MAX_NOTIFICATIONS,
  MIN_INTERVAL_MIN,
  NOTIFICATION_ROLE_NAMES,
  OPS_GENIE_REGIONS,
  WEBHOOK_TEMPLATE_MAX_LENGTH,
  notificationTypeSpec,
} from '../catalog/notification-types';
import type { Notification, NotificationInput, NotificationValue } from './alert-config.types';
import {
  parseTemplate,
  RenderBudget,
  saveRenderBudget,
  templateBudgetProblem,
  TemplateBudgetError,
  TemplateSyntaxError,
} from './webhook-template';
import { sameSet } from '../../../platform/collections/same-set';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COMMON_FIELDS = new Set(['typeName', 'delayMin', 'intervalMin']);

// The templates checked in one save, and the render budget they share.
interface TemplateProbe {
  budget: RenderBudget;
  templates: number;
}

// notifications[]: the product's codes for each rule; at most MAX_NOTIFICATIONS, whose webhook templates
// together must render within the limits of one template.
export function checkNotifications(inputs: NotificationInput[]): Notification[] {
  if (inputs.length === 0) throw AlertingErrors.MISSING_NOTIFICATIONS();
  if (inputs.length > MAX_NOTIFICATIONS) {
    throw CommonErrors.VALIDATION_ERROR('notifications', `at most ${MAX_NOTIFICATIONS} notifications`);
  }
  if (inputs.filter((input) => input.typeName === 'GROUP').length > 1) {
    throw AlertingErrors.TOO_MANY_GROUP_NOTIFICATIONS();
  }
  const probe: TemplateProbe = { budget: saveRenderBudget(), templates: 0 };
  return inputs.map((input, index) => checkNotification(input, `notifications[${index}]`, probe));
}

// Also used by the delivery side to check an unsaved notification of a test notification.
export function checkNotification(
  input: NotificationInput,
  path: string,
  probe: TemplateProbe = { budget: saveRenderBudget(), templates: 0 },
): Notification {
  const spec = notificationTypeSpec(input.typeName);
  if (!spec) throw AlertingErrors.UNSUPPORTED_NOTIFICATION_TYPE(input.typeName, `${path}.typeName`);
  const given = Object.entries(input).filter(([, value]) => value !== undefined && value !== null);
  for (const [field] of given) {
    if (!COMMON_FIELDS.has(field) && !spec.fields.includes(field)) {
      throw CommonErrors.INVALID_ATTRIBUTE(`${path}.${field}`);
    }
  }
  const delayMin = input.delayMin === undefined ? DEFAULT_DELAY_MIN : (input.delayMin as number);
  if (delayMin < 0) throw CommonErrors.ATTRIBUTE_NEGATIVE(`${path}.delayMin`);
  const intervalMin = input.intervalMin === undefined ? DEFAULT_INTERVAL_MIN : (input.intervalMin as number);
  if (intervalMin < MIN_INTERVAL_MIN) {
    throw AlertingErrors.NOTIFICATION_INTERVAL_OUT_OF_RANGE(
      intervalMin,
      `${path}.intervalMin`,
      MIN_INTERVAL_MIN,
    );
  }
  // Without any field of its target, the project's integration of the type is the target (checked
  // when saved, project-integrations.ts); a partial target is refused naming what is missing.
  const ownTarget = spec.target === undefined || spec.target.some((field) => !isBlank(input[field]));
  if (ownTarget) {
    // The product: a webhook secret only goes with the notification's own URL.
    if (input.typeName === 'WEBHOOK' && isBlank(input.webhookUrl)) {
      throw AlertingErrors.WEBHOOK_URL_NOT_SET(path);
    }
    for (const field of spec.required) {
      if (isBlank(input[field])) throw CommonErrors.MISSING_ATTRIBUTE(`${path}.${field}`);
    }
  }

  const notification: Notification = { typeName: input.typeName, delayMin, intervalMin };
  for (const [field, value] of given) {
    if (!COMMON_FIELDS.has(field) && field !== 'role' && field !== 'roles') {
      notification[field] = value as NotificationValue;
    }
  }
  applyTypeRules(notification, input, path, ownTarget, probe);
  return notification;
}

// The integration type whose project settings (/groups/{groupId}/integrations/{TYPE}) a checked
// notification is sent with, because it carries no target of its own; undefined when it has one.
export function projectIntegrationOf(notification: Notification): string | undefined {
  const target = notificationTypeSpec(notification.typeName)?.target;
  return target !== undefined && target.every((field) => isBlank(notification[field]))
    ? notification.typeName
    : undefined;
}

function applyTypeRules(
  notification: Notification,
  input: NotificationInput,
  path: string,
  ownTarget: boolean,
  probe: TemplateProbe,
): void {
  switch (input.typeName) {
    case 'EMAIL':
      if (!EMAIL.test(input.emailAddress as string)) {
        throw CommonErrors.VALIDATION_ERROR(`${path}.emailAddress`, 'it is not a valid e-mail address');
      }
      return;
    case 'SMS':
      if (!PHONE_NUMBER_PATTERN.test(input.mobileNumber as string)) {
        throw CommonErrors.VALIDATION_ERROR(`${path}.mobileNumber`, 'it is not a valid mobile number');
      }
      return;
    case 'USER':
      withChannels(notification);
      if (!notification.emailEnabled && !notification.smsEnabled) {
        throw AlertingErrors.EMAIL_OR_SMS_REQUIRED_FOR_USER_NOTIFICATION(path);
      }
      return;
    case 'GROUP': {
      withChannels(notification);
      if (!notification.emailEnabled && !notification.smsEnabled) {
        throw AlertingErrors.EMAIL_OR_SMS_REQUIRED_FOR_GROUP_NOTIFICATION(path);
      }
      const roles = rolesOf(
        input,
        path,
        NOTIFICATION_ROLE_NAMES,
        AlertingErrors.MISSING_ROLES_FOR_GROUP_NOTIFICATION,
      );
      if (roles !== undefined) notification.roles = roles;
      return;
    }
    case 'ORG': {
      const roles = rolesOf(input, path, ORG_ROLE_NAMES, AlertingErrors.MISSING_ROLES_FOR_ORG_NOTIFICATION);
      if (roles !== undefined) notification.roles = roles;
      return;
    }
    case 'TEAM':
      if (!isObjectId(input.teamId as string)) {
        throw CommonErrors.VALIDATION_ERROR(`${path}.teamId`, 'a team id is 24 hexadecimal digits');
      }
      return;
    // The region and the URLs belong to the notification's own target; the project's integration has its own.
    case 'OPS_GENIE':
      if (ownTarget) {
        notification.opsGenieRegion = oneOf(
          input.opsGenieRegion,
          OPS_GENIE_REGIONS,
          `${path}.opsGenieRegion`,
        );
      }
      return;
    case 'DATADOG':
      if (ownTarget) {
        notification.datadogRegion = oneOf(input.datadogRegion, DATADOG_REGIONS, `${path}.datadogRegion`);
      }
      return;
    case 'MICROSOFT_TEAMS':
      if (ownTarget) {
        checkUrl(input.microsoftTeamsWebhookUrl as string, `${path}.microsoftTeamsWebhookUrl`, ['https:']);
      }
      return;
    case 'WEBHOOK':
      if (ownTarget) checkUrl(input.webhookUrl as string, `${path}.webhookUrl`, ['http:', 'https:']);
      for (const field of ['webhookBodyTemplate', 'webhookHeadersTemplate']) {
        if (input[field] !== undefined) checkTemplate(input[field] as string, `${path}.${field}`, probe);
      }
      return;
    default:
      return;
  }
}

function withChannels(notification: Notification): void {
  notification.emailEnabled ??= false;
  notification.smsEnabled ??= false;
}

// `role` (string or array, the API reference's request field) and `roles` (array, the Go client's) are
// accepted; the response carries the list under both names.
function rolesOf(
  input: NotificationInput,
  path: string,
  allowed: readonly string[],
  missing: (path: string) => Error,
): string[] | undefined {
  const role =
    input.role === undefined || input.role === null
      ? undefined
      : ([] as string[]).concat(input.role as string);
  const roles = input.roles === undefined || input.roles === null ? undefined : (input.roles as string[]);
  if (role !== undefined && roles !== undefined && !sameSet(role, roles)) {
    throw CommonErrors.VALIDATION_ERROR(`${path}.role`, 'role and roles must name the same roles');
  }
  const given = roles ?? role;
  if (given === undefined) return undefined;
  if (given.length === 0) throw missing(path);
  const field = roles !== undefined ? 'roles' : 'role';
  given.forEach((name, index) => {
    if (!allowed.includes(name)) {
      throw CommonErrors.INVALID_ENUM_VALUE(
        name,
        typeof input.role === 'string' ? `${path}.role` : `${path}.${field}[${index}]`,
      );
    }
  });
  return [...new Set(given)];
}

function oneOf(value: NotificationValue | undefined, allowed: readonly string[], path: string): string {
  if (value === undefined) return allowed[0];
  if (!allowed.includes(value as string)) throw CommonErrors.INVALID_ENUM_VALUE(String(value), path);
  return value as string;
}

function checkUrl(value: string, path: string, protocols: string[]): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw CommonErrors.VALIDATION_ERROR(path, 'it is not a valid URL');
  }
  if (!protocols.includes(url.protocol) || url.hostname === '') {
    throw CommonErrors.VALIDATION_ERROR(
      path,
      `it must be an ${protocols.map((p) => p.slice(0, -1)).join(' or ')} URL`,
    );
  }
}

// Templates are limited in size, parsed and rendered against a representative alert when saved, so a
// syntax error or a template over the render limits is reported to the caller instead of surfacing
// first at delivery time. The templates of one save share one render's budget.
function checkTemplate(template: string, path: string, probe: TemplateProbe): void {
  if (template.length > WEBHOOK_TEMPLATE_MAX_LENGTH) {
    throw CommonErrors.VALIDATION_ERROR(
      path,
      `a template can hold at most ${WEBHOOK_TEMPLATE_MAX_LENGTH} characters`,
    );
  }
  const shared = probe.templates++ > 0;
  const refuse = (reason: string) =>
    CommonErrors.VALIDATION_ERROR(
      path,
      shared
        ? `the webhook templates of this configuration together cannot render within the limits of one template: ${reason}`
        : `the template cannot render within the limits: ${reason}`,
    );
  try {
    parseTemplate(template, probe.budget);
  } catch (error) {
    if (error instanceof TemplateSyntaxError) {
      throw CommonErrors.VALIDATION_ERROR(path, `template syntax error: ${error.message}`);
    }
    if (error instanceof TemplateBudgetError) throw refuse(error.message);
    throw error;
  }
  const overBudget = templateBudgetProblem(template, probe.budget);
  if (overBudget !== undefined) throw refuse(overBudget);
}

function isBlank(value: NotificationValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
