import { ApiError } from '../../../platform/http/api-error';
import { CommonErrors } from '../../../platform/http/error-codes';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import { AlertingErrors } from '../alerting.errors';
import { checkMatcherList } from '../alert-configs/alert-config-rules';
import type { Matcher, MatcherInput } from '../alert-configs/alert-config.types';
import { eventTypeInfo, type MatcherTarget } from '../catalog/event-types';
import { MATCHER_FIELDS_BY_TARGET, MAX_MATCHERS, type MatcherFieldName } from '../catalog/matchers';
import { valueMatches } from '../engine/host-matchers';
import { isObjectId } from '../../../platform/ids/object-id';
import {
  DAYS_OF_WEEK,
  isEndTime,
  isStartTime,
  isTimeZoneName,
  nextOccurrence,
  occurrenceAt,
  type DayOfWeek,
  type Recurrence,
} from './window-recurrence';

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

const UPDATABLE = [
  'alertTypeNames',
  'startDate',
  'endDate',
  'description',
  'matchers',
  'recurrence',
  'alertConfigIds',
] as const;

// At most this many matchers on one window, as on an alert configuration.
export const MAX_WINDOW_MATCHERS = MAX_MATCHERS;

// At most this many alert configurations named by one window.
export const MAX_WINDOW_ALERT_CONFIGS = 50;

// The body's recurrence as received (types already checked by the request DTO).
export interface RecurrenceInput {
  daysOfWeek?: string[] | null;
  startTime?: string | null;
  endTime?: string | null;
  timeZone?: string | null;
}

// The body as received (timestamps already checked to be ISO 8601 by the request DTO).
export interface WindowInput {
  alertTypeNames?: string[] | null;
  startDate?: string | null;
  endDate?: string | null;
  description?: string | null;
  matchers?: MatcherInput[] | null;
  recurrence?: RecurrenceInput | null;
  alertConfigIds?: string[] | null;
}

export interface WindowFields {
  alertTypeNames: string[];
  // A recurring window: its occurrences count from this instant.
  startDate: Date;
  // A recurring window: its occurrences end here at the latest; null, they go on recurring.
  endDate: Date | null;
  description: string | null;
  // Empty: the window silences its alert types in the whole project.
  matchers: Matcher[];
  // Null: the product's one-off window, silencing from startDate to endDate.
  recurrence: Recurrence | null;
  // Empty: alerts of every configuration; otherwise only alerts of these configurations.
  alertConfigIds: string[];
}

export function windowForCreate(input: WindowInput, now: Date): WindowFields {
  const recurrence = recurrenceOf(input.recurrence);
  const fields: WindowFields = {
    alertTypeNames: alertTypeNamesOf(input.alertTypeNames),
    startDate: startDateOf(input.startDate, recurrence, now),
    endDate: endDateOf(input.endDate, recurrence),
    description: descriptionOf(input.description),
    matchers: [],
    recurrence,
    alertConfigIds: alertConfigIdsOf(input.alertConfigIds),
  };
  fields.matchers = matchersOf(input.matchers, fields.alertTypeNames);
  return checkDates(fields, now);
}

// PATCH /groups/{groupId}/maintenanceWindows/{id}: at least one field; each given field replaces the stored
// one; the merged window must hold.
export function windowForUpdate(current: WindowFields, input: WindowInput, now: Date): WindowFields {
  const given = UPDATABLE.filter((field) => input[field] !== undefined);
  if (given.length === 0) throw CommonErrors.MISSING_ONE_OF_ATTRIBUTES(UPDATABLE.join(', '));
  // null removes the recurrence: the window becomes one-off again and then needs an end date.
  const recurrence = input.recurrence === undefined ? current.recurrence : recurrenceOf(input.recurrence);
  const fields: WindowFields = {
    alertTypeNames:
      input.alertTypeNames === undefined ? current.alertTypeNames : alertTypeNamesOf(input.alertTypeNames),
    startDate:
      input.startDate === undefined ? current.startDate : startDateOf(input.startDate, recurrence, now),
    endDate: input.endDate === undefined ? current.endDate : endDateOf(input.endDate, recurrence),
    // null or "" removes the description.
    description: input.description === undefined ? current.description : descriptionOf(input.description),
    matchers: current.matchers,
    recurrence,
    alertConfigIds:
      input.alertConfigIds === undefined ? current.alertConfigIds : alertConfigIdsOf(input.alertConfigIds),
  };
  // Kept matchers are checked again against the merged alert types; null or [] widens the window to the
  // whole project.
  fields.matchers = matchersOf(
    input.matchers === undefined ? current.matchers : input.matchers,
    fields.alertTypeNames,
  );
  return checkDates(fields, now);
}

type SilencingWindow = Pick<
  WindowFields,
  'alertTypeNames' | 'startDate' | 'endDate' | 'matchers' | 'recurrence' | 'alertConfigIds'
>;

// Whether a window is in force at that instant: from startDate (inclusive) to endDate (exclusive), and for
// a recurring window only during an occurrence.
export function inForce(
  window: Pick<WindowFields, 'startDate' | 'endDate' | 'recurrence'>,
  at: Date,
): boolean {
  return (
    window.startDate.getTime() <= at.getTime() &&
    (window.endDate === null || at.getTime() < window.endDate.getTime()) &&
    (window.recurrence === null || occurrenceAt(window.recurrence, at) !== null)
  );
}

// Whether a window silences alerts of that type at that instant (see inForce); a window naming alert
// configurations only alerts of those; a scoped window (with matchers) only when every matcher matches the
// alert's subject, whose fields `valueOf` reads (undefined for a field the subject does not have, which no
// matcher matches).
export function silences(
  window: SilencingWindow,
  alertTypeName: string,
  at: Date,
  valueOf: (fieldName: string) => string | undefined = () => undefined,
  alertConfigId?: string,
): boolean {
  return (
    window.alertTypeNames.includes(alertTypeName) &&
    inForce(window, at) &&
    (window.alertConfigIds.length === 0 ||
      (alertConfigId !== undefined && window.alertConfigIds.includes(alertConfigId))) &&
    window.matchers.every((matcher) => valueMatches(matcher, valueOf(matcher.fieldName)))
  );
}

// The configurations a window names must be the project's (`eventTypeOf` answers a configuration's event
// type, undefined for one the project does not have) and raise alerts of the window's alert types, or the
// window would silence nothing.
export function checkAlertConfigIds(
  fields: Pick<WindowFields, 'alertConfigIds' | 'alertTypeNames'>,
  eventTypeOf: (alertConfigId: string) => string | undefined,
): void {
  fields.alertConfigIds.forEach((id, index) => {
    const field = `alertConfigIds[${index}]`;
    const eventTypeName = eventTypeOf(id);
    if (eventTypeName === undefined) {
      throw CommonErrors.VALIDATION_ERROR(field, `no alert configuration ${id} in this project`);
    }
    const alertType = maintenanceTypeOf(eventTypeName);
    if (alertType === undefined || !fields.alertTypeNames.includes(alertType)) {
      throw CommonErrors.VALIDATION_ERROR(
        field,
        `alert configuration ${id} raises ${eventTypeName} alerts, which are none of alertTypeNames`,
      );
    }
  });
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

// A recurring window given no start date recurs from now (to the second, as GET shows it).
function startDateOf(value: string | null | undefined, recurrence: Recurrence | null, now: Date): Date {
  if ((value === undefined || value === null) && recurrence !== null) {
    return new Date(Math.floor(now.getTime() / 1000) * 1000);
  }
  return dateOf(value, 'startDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_START_DATE);
}

// A recurring window given no end date recurs for good.
function endDateOf(value: string | null | undefined, recurrence: Recurrence | null): Date | null {
  if ((value === undefined || value === null) && recurrence !== null) return null;
  return dateOf(value, 'endDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_END_DATE);
}

function descriptionOf(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

function recurrenceOf(value: RecurrenceInput | null | undefined): Recurrence | null {
  if (value === undefined || value === null) return null;
  const days = value.daysOfWeek;
  if (days === undefined || days === null || days.length === 0) {
    throw CommonErrors.MISSING_ATTRIBUTE('recurrence.daysOfWeek');
  }
  const unknown = days.find((day) => !(DAYS_OF_WEEK as readonly string[]).includes(day));
  if (unknown !== undefined) throw CommonErrors.INVALID_ENUM_VALUE(unknown, 'recurrence.daysOfWeek');
  const startTime = requiredText(value.startTime, 'recurrence.startTime');
  if (!isStartTime(startTime)) {
    throw CommonErrors.VALIDATION_ERROR('recurrence.startTime', 'a local time HH:MM from 00:00 to 23:59');
  }
  const endTime = requiredText(value.endTime, 'recurrence.endTime');
  if (!isEndTime(endTime)) {
    throw CommonErrors.VALIDATION_ERROR('recurrence.endTime', 'a local time HH:MM from 00:00 to 24:00');
  }
  if (endTime === startTime) {
    throw CommonErrors.VALIDATION_ERROR(
      'recurrence.endTime',
      'must differ from startTime (00:00 to 24:00 covers a whole day)',
    );
  }
  const timeZone = requiredText(value.timeZone, 'recurrence.timeZone');
  if (!isTimeZoneName(timeZone)) {
    throw CommonErrors.VALIDATION_ERROR(
      'recurrence.timeZone',
      `${timeZone} is not an IANA time zone name such as Europe/Berlin`,
    );
  }
  return { daysOfWeek: [...new Set(days as DayOfWeek[])], startTime, endTime, timeZone };
}

function requiredText(value: string | null | undefined, field: string): string {
  if (value === undefined || value === null) throw CommonErrors.MISSING_ATTRIBUTE(field);
  return value;
}

function alertConfigIdsOf(value: string[] | null | undefined): string[] {
  if (value === undefined || value === null) return [];
  if (value.length > MAX_WINDOW_ALERT_CONFIGS) {
    throw CommonErrors.VALIDATION_ERROR(
      'alertConfigIds',
      `at most ${MAX_WINDOW_ALERT_CONFIGS} alert configurations`,
    );
  }
  value.forEach((id, index) => {
    if (!isObjectId(id)) {
      throw CommonErrors.VALIDATION_ERROR(
        `alertConfigIds[${index}]`,
        `${id} is not an alert configuration id`,
      );
    }
  });
  return [...new Set(value)];
}

function checkDates(fields: WindowFields, now: Date): WindowFields {
  const { startDate, endDate, recurrence } = fields;
  if (endDate === null) {
    if (recurrence === null) throw AlertingErrors.MISSING_MAINTENANCE_WINDOW_END_DATE();
  } else {
    if (startDate.getTime() >= endDate.getTime()) {
      throw AlertingErrors.MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE();
    }
    // A window that has already ended silences nothing and is out of reach of every other operation.
    if (endDate.getTime() <= now.getTime()) {
      throw CommonErrors.VALIDATION_ERROR('endDate', 'the window must end in the future');
    }
  }
  if (recurrence !== null) {
    const from = new Date(Math.max(startDate.getTime(), now.getTime()));
    const first = nextOccurrence(recurrence, from);
    if (first === null || (endDate !== null && first.start.getTime() >= endDate.getTime())) {
      throw CommonErrors.VALIDATION_ERROR('recurrence', 'no occurrence falls before endDate');
    }
  }
  return fields;
}
