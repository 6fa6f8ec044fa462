import { offsetMinutes } from '../../platform/http/iso-date-time';

// minDate / maxDate: ISO 8601 date or date-time; a value without a zone is UTC.
const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const DAY_MS = 86_400_000;

export interface ParsedTimestamp {
  // The first millisecond the value names.
  start: Date;
  // First millisecond after the period the value names, at the precision it was written in:
  // `2024-01-15` covers the day, `…T10:30:00Z` the second. Responses print whole seconds, so a
  // client passing back a printed `created` as maxDate must get that event.
  end: Date;
}

export function parseTimestamp(value: string): ParsedTimestamp | undefined {
  const match = ISO_8601.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const offset = zone === undefined || zone === 'Z' ? 0 : offsetMinutes(zone);
  const localMs = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    Number((fraction ?? '').padEnd(3, '0').slice(0, 3)),
  );
  // Date.UTC silently rolls 2024-02-30 over to March 1st: refuse values that are not on the calendar.
  const local = new Date(localMs);
  if (
    local.getUTCFullYear() !== Number(year) ||
    local.getUTCMonth() + 1 !== Number(month) ||
    local.getUTCDate() !== Number(day) ||
    local.getUTCHours() !== Number(hour ?? 0) ||
    local.getUTCMinutes() !== Number(minute ?? 0) ||
    local.getUTCSeconds() !== Number(second ?? 0) ||
    offset === undefined
  ) {
    return undefined;
  }
  const startMs = localMs - offset * 60_000;
  const span =
    hour === undefined ? DAY_MS : second === undefined ? 60_000 : fraction === undefined ? 1000 : 1;
  return { start: new Date(startMs), end: new Date(startMs + span) };
}
