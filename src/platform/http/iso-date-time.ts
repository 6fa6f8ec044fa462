import { ValidateBy, type ValidationOptions } from 'class-validator';

// An ISO 8601 date-time as clients send it: `2016-04-15T00:00:00-0400` (the product's own example),
// `…+04:00`, `…Z`, with or without seconds and fraction; no zone means UTC.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

export function parseIsoDateTime(value: string): Date | undefined {
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone] = match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const local = new Date(
    Date.UTC(
      fields[0],
      fields[1] - 1,
      fields[2],
      fields[3],
      fields[4],
      fields[5],
      Number(fraction.padEnd(3, '0').slice(0, 3)),
    ),
  );
  // Date.UTC rolls 2024-02-30 over to March: refuse anything that is not on the calendar.
  const back = [
    local.getUTCFullYear(),
    local.getUTCMonth() + 1,
    local.getUTCDate(),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
  ];
  if (back.some((field, index) => field !== fields[index])) return undefined;
  const offset = zone === undefined || zone === 'Z' ? 0 : offsetMinutes(zone);
  if (offset === undefined) return undefined;
  return new Date(local.getTime() - offset * 60_000);
}

function offsetMinutes(zone: string): number | undefined {
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
