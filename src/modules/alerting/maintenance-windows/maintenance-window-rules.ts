import { ApiError } from '../../../platform/http/api-error';
import { CommonErrors } from '../../../platform/http/error-codes';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import { AlertingErrors } from '../alerting.errors';
import { checkMatcherList } from '../alert-configs/alert-config-rules';
import type { Matcher, MatcherInput } from '../alert-configs/alert-config.types';
import { eventTypeInfo, type MatcherTarget } from '../catalog/event-types';
import { MATCHER_FIELDS_BY_TARGET, MAX_MATCHERS, type MatcherFieldName } from '../catalog/matchers';
import { valueMatches } from '../engine/host-matchers';

// The alert types a window can silence, as the product lists them.
export const MAINTENANCE_ALERT_TYPE_NAMES = ['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP'] as const;

export const MAX_DESCRIPTION_LENGTH = 1000;

// Windows silence an alert by the category of its event type (metric alerts are HOST alerts).
export function maintenanceTypeOf(eventTypeName: string): string | undefined {
  const category = eventTypeInfo(eventTypeName)?.category;
  return category !== undefined && (MAINTENANCE_ALERT_TYPE_NAMES as readonly string[]).includes(category)
    ? category
    : undefined;
}

const UPDATABLE_FIELDS = 'alertTypeNames, startDate, endDate, description, matchers';

// At most this many matchers on one window, as on an alert configuration.
export const MAX_WINDOW_MATCHERS = MAX_MATCHERS;

// The body as received (timestamps already checked to be ISO 8601 by the request DTO).
export interface WindowInput {
  alertTypeNames?: string[] | null;
  startDate?: string | null;
  endDate?: string | null;
  description?: string | null;
  matchers?: MatcherInput[] | null;
}

export interface WindowFields {
  alertTypeNames: string[];
  startDate: Date;
  endDate: Date;
  description: string | null;
  // Empty: the window silences its alert types in the whole project.
  matchers: Matcher[];
}

export function windowForCreate(input: WindowInput, now: Date): WindowFields {
  const fields: WindowFields = {
    alertTypeNames: alertTypeNamesOf(input.alertTypeNames),
    startDate: dateOf(input.startDate, 'startDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_START_DATE),
    endDate: dateOf(input.endDate, 'endDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_END_DATE),
    description: descriptionOf(input.description),
    matchers: [],
  };
  fields.matchers = matchersOf(input.matchers, fields.alertTypeNames);
  return checkDates(fields, now);
}

// PATCH /groups/{groupId}/maintenanceWindows/{id}: at least one field; each given field replaces the stored
// one; the merged window must hold.
export function windowForUpdate(current: WindowFields, input: WindowInput, now: Date): WindowFields {
  const given = (['alertTypeNames', 'startDate', 'endDate', 'description', 'matchers'] as const).filter(
    (field) => input[field] !== undefined,
  );
  if (given.length === 0) throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES(UPDATABLE_FIELDS);
  const fields: WindowFields = {
    alertTypeNames:
      input.alertTypeNames === undefined ? current.alertTypeNames : alertTypeNamesOf(input.alertTypeNames),
    startDate:
      input.startDate === undefined
        ? current.startDate
        : dateOf(input.startDate, 'startDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_START_DATE),
    endDate:
      input.endDate === undefined
        ? current.endDate
        : dateOf(input.endDate, 'endDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_END_DATE),
    // null or "" removes the description.
    description: input.description === undefined ? current.description : descriptionOf(input.description),
    matchers: current.matchers,
  };
  // Kept matchers are checked again against the merged alert types; null or [] widens the window to the
  // whole project.
  fields.matchers = matchersOf(
    input.matchers === undefined ? current.matchers : input.matchers,
    fields.alertTypeNames,
  );
  return checkDates(fields, now);
}

// Whether a window silences alerts of that type at that instant: start inclusive, end exclusive; a scoped
// window (with matchers) only when every matcher matches the alert's subject, whose fields `valueOf` reads
// (undefined for a field the subject does not have, which no matcher matches).
export function silences(
  window: Pick<WindowFields, 'alertTypeNames' | 'startDate' | 'endDate' | 'matchers'>,
  alertTypeName: string,
  at: Date,
  valueOf: (fieldName: string) => string | undefined = () => undefined,
): boolean {
  return (
    window.alertTypeNames.includes(alertTypeName) &&
    window.startDate.getTime() <= at.getTime() &&
    at.getTime() < window.endDate.getTime() &&
    window.matchers.every((matcher) => valueMatches(matcher, valueOf(matcher.fieldName)))
  );
}

// What each alert type of a window is about, as alert configurations of its events see it: backup alerts
// concern a replica set (the catalog's BACKUP target); agent alerts concern no host or replica set.
const WINDOW_TYPE_TARGET: Partial<Record<string, MatcherTarget>> = {
  HOST: 'HOST',
  REPLICA_SET: 'REPLICA_SET',
  CLUSTER: 'CLUSTER',
  BACKUP: 'REPLICA_SET',
};

// The fields a window's matchers may name: those alert configurations of its alert types may name.
export function matcherFieldsOf(alertTypeNames: readonly string[]): MatcherFieldName[] {
  const fields = new Set<MatcherFieldName>();
  for (const name of alertTypeNames) {
    const target = WINDOW_TYPE_TARGET[name];
    if (target !== undefined) for (const field of MATCHER_FIELDS_BY_TARGET[target]) fields.add(field);
  }
  return [...fields];
}

function matchersOf(value: MatcherInput[] | null | undefined, alertTypeNames: string[]): Matcher[] {
  if (value === undefined || value === null || value.length === 0) return [];
  if (value.length > MAX_WINDOW_MATCHERS) {
    throw CommonErrors.VALIDATION_ERROR('matchers', `at most ${MAX_WINDOW_MATCHERS} matchers`);
  }
  const fields = matcherFieldsOf(alertTypeNames);
  if (fields.length === 0) {
    throw CommonErrors.VALIDATION_ERROR(
      'matchers',
      `alert types ${alertTypeNames.join(', ')} cannot be narrowed by matchers`,
    );
  }
  return checkMatcherList(value, fields);
}

function alertTypeNamesOf(value: string[] | null | undefined): string[] {
  if (value === undefined || value === null || value.length === 0) {
    throw AlertingErrors.MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME();
  }
  const unknown = value.find((name) => !(MAINTENANCE_ALERT_TYPE_NAMES as readonly string[]).includes(name));
  if (unknown !== undefined) throw CommonErrors.INVALID_ENUM_VALUE(unknown, 'alertTypeNames');
  return [...new Set(value)];
}

function dateOf(value: string | null | undefined, field: string, missing: () => ApiError): Date {
  if (value === undefined || value === null) throw missing();
  const date = parseIsoDateTime(value);
  if (!date) throw CommonErrors.INVALID_JSON_ATTRIBUTE(field);
  return date;
}

function descriptionOf(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

function checkDates(fields: WindowFields, now: Date): WindowFields {
  if (fields.startDate.getTime() >= fields.endDate.getTime()) {
    throw AlertingErrors.MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE();
  }
  // A window that has already ended silences nothing and is out of reach of every other operation.
  if (fields.endDate.getTime() <= now.getTime()) {
    throw CommonErrors.VALIDATION_ERROR('endDate', 'the window must end in the future');
  }
  return fields;
}
