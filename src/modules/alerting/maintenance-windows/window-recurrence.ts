// The schedule of a recurring maintenance window (beyond the product, after Alertmanager's
// mute_time_intervals): on each of its days of the week, from startTime to endTime on the wall clock of a
// named IANA time zone. Pure: every function takes the instant it reasons about; time-zone rules come from
// the runtime's Intl data.

// Indexed like Date.getUTCDay().
export const DAYS_OF_WEEK = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

export interface Recurrence {
  // The local days on which an occurrence starts.
  daysOfWeek: DayOfWeek[];
  // HH:MM on the local wall clock, 00:00 to 23:59.
  startTime: string;
  // HH:MM, 00:00 to 24:00, other than startTime; before startTime, the occurrence ends on the next local day.
  endTime: string;
  timeZone: string;
}

export interface Occurrence {
  start: Date;
  end: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export function isStartTime(value: string): boolean {
  return START_TIME.test(value);
}

export function isEndTime(value: string): boolean {
  return END_TIME.test(value);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// A region name of the IANA database (Europe/Berlin, America/New_York, UTC, Etc/GMT+5); not a bare UTC
// offset such as +01:00, which recent runtimes also accept but which follows no daylight-saving rules.
export function isTimeZoneName(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    formatterOf(value);
    return true;
  } catch {
    return false;
  }
}

// The wall-clock reading of `instantMs` in the zone, as milliseconds of a UTC calendar (seconds precision).
function wallClockOf(timeZone: string, instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

function offsetAt(timeZone: string, instantMs: number): number {
  return wallClockOf(timeZone, instantMs) - Math.floor(instantMs / 1000) * 1000;
}

// The instant a wall-clock reading names in the zone. A reading the clocks pass twice (the hour repeated
// when daylight saving ends) names the earlier instant; one they skip (the hour lost when it begins) is read
// with the offset before the jump, i.e. as the same time after the jump (02:30 on the day Berlin springs
// forward is 03:30 CEST), as Temporal's 'compatible' disambiguation does.
export function instantOfWallClock(timeZone: string, wallMs: number): number {
  const before = offsetAt(timeZone, wallMs - DAY_MS);
  const after = offsetAt(timeZone, wallMs + DAY_MS);
  const valid = [wallMs - before, wallMs - after]
    .filter((instant) => wallClockOf(timeZone, instant) === wallMs)
    .sort((a, b) => a - b);
  return valid.length > 0 ? valid[0] : wallMs - before;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

// The occurrence starting on the local day whose midnight reads `dayWallMs`, if that day is one of the
// window's; none when it is empty (an hour that daylight saving skips).
function occurrenceOn(recurrence: Recurrence, dayWallMs: number): Occurrence | null {
  if (!recurrence.daysOfWeek.includes(DAYS_OF_WEEK[new Date(dayWallMs).getUTCDay()])) return null;
  const startMinutes = minutesOf(recurrence.startTime);
  const endMinutes = minutesOf(recurrence.endTime);
  const endDay = endMinutes > startMinutes ? dayWallMs : dayWallMs + DAY_MS;
  const start = instantOfWallClock(recurrence.timeZone, dayWallMs + startMinutes * MINUTE_MS);
  const end = instantOfWallClock(recurrence.timeZone, endDay + endMinutes * MINUTE_MS);
  return end > start ? { start: new Date(start), end: new Date(end) } : null;
}

function localMidnightOf(recurrence: Recurrence, at: Date): number {
  return Math.floor(wallClockOf(recurrence.timeZone, at.getTime()) / DAY_MS) * DAY_MS;
}

// The occurrence `at` falls in (start inclusive, end exclusive), or null. An occurrence lasts less than a
// day plus a daylight-saving hour, so it started on `at`'s local day or the one before.
export function occurrenceAt(recurrence: Recurrence, at: Date): Occurrence | null {
  const today = localMidnightOf(recurrence, at);
  for (const day of [today - DAY_MS, today]) {
    const occurrence = occurrenceOn(recurrence, day);
    if (occurrence && occurrence.start <= at && at < occurrence.end) return occurrence;
  }
  return null;
}

// The first occurrence that has not ended at `from` (the current one if `from` falls in one). A week holds
// at least one non-empty occurrence of every window, so eight days ahead always reach one.
export function nextOccurrence(recurrence: Recurrence, from: Date): Occurrence | null {
  const today = localMidnightOf(recurrence, from);
  for (let offset = -1; offset <= 8; offset += 1) {
    const occurrence = occurrenceOn(recurrence, today + offset * DAY_MS);
    if (occurrence && occurrence.end > from) return occurrence;
  }
  return null;
}
