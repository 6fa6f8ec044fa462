import { ValidateBy, type ValidationOptions } from 'class-validator';

// An ISO 8601 date-time as clients send it: `2016-04-15T00:00:00-0400` (the product's own example),
// `…+04:00`, `…Z`, with or without seconds and fraction; no zone means UTC.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Whether the fields name an instant on the calendar (no 2024-02-30, no 24:00) that Date.UTC keeps as it
// is (it reads years 0-99 as 1900-1999): checked by arithmetic, as an agent report parses hundreds.
function onCalendar(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  if (year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

export function parseIsoDateTime(value: string): Date | undefined {
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone] = match;
  const fields = [+year, +month, +day, +hour, +minute, +second] as const;
  if (!onCalendar(...fields)) return undefined;
  const offset = zone === undefined || zone === 'Z' ? 0 : offsetMinutes(zone);
  if (offset === undefined) return undefined;
  const millis = fraction === '' ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3));
  const local = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], millis);
  return new Date(local - offset * 60_000);
}

// A zone `+hh:mm`, `-hhmm` as minutes east of UTC; undefined past 23:59.
export function offsetMinutes(zone: string): number | undefined {
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

// Named `isIso8601` so the validation pipe reports it as the product's INVALID_JSON_ATTRIBUTE naming the field.
export function IsIsoDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isIso8601',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseIsoDateTime(value) !== undefined,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be an ISO 8601 date and time`,
      },
    },
    options,
  );
}
