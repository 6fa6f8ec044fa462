import { ApiError } from '../../../platform/http/api-error';
import { CommonErrors } from '../../../platform/http/error-codes';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import { AlertingErrors } from '../alerting.errors';

// The alert types a window can silence, as the product lists them.
export const MAINTENANCE_ALERT_TYPE_NAMES = ['HOST', 'REPLICA_SET', 'CLUSTER', 'AGENT', 'BACKUP'] as const;

export const MAX_DESCRIPTION_LENGTH = 1000;

const UPDATABLE_FIELDS = 'alertTypeNames, startDate, endDate, description';

// The body as received (timestamps already checked to be ISO 8601 by the request DTO).
export interface WindowInput {
  alertTypeNames?: string[] | null;
  startDate?: string | null;
  endDate?: string | null;
  description?: string | null;
}

export interface WindowFields {
  alertTypeNames: string[];
  startDate: Date;
  endDate: Date;
  description: string | null;
}

export function windowForCreate(input: WindowInput, now: Date): WindowFields {
  const fields: WindowFields = {
    alertTypeNames: alertTypeNamesOf(input.alertTypeNames),
    startDate: dateOf(input.startDate, 'startDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_START_DATE),
    endDate: dateOf(input.endDate, 'endDate', AlertingErrors.MISSING_MAINTENANCE_WINDOW_END_DATE),
    description: descriptionOf(input.description),
  };
  return checkDates(fields, now);
}

// PATCH /groups/{groupId}/maintenanceWindows/{id}: at least one field; each given field replaces the stored
// one; the merged window must hold.
export function windowForUpdate(current: WindowFields, input: WindowInput, now: Date): WindowFields {
  const given = (['alertTypeNames', 'startDate', 'endDate', 'description'] as const).filter(
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
  };
  return checkDates(fields, now);
}

// Whether a window silences alerts of that type at that instant: start inclusive, end exclusive.
export function silences(window: WindowFields, alertTypeName: string, at: Date): boolean {
  return (
    window.alertTypeNames.includes(alertTypeName) &&
    window.startDate.getTime() <= at.getTime() &&
    at.getTime() < window.endDate.getTime()
  );
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
