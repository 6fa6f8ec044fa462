import {
  instantOfWallClock,
  isEndTime,
  isStartTime,
  isTimeZoneName,
  nextOccurrence,
  occurrenceAt,
  type Recurrence,
} from './window-recurrence';

const at = (iso: string) => new Date(iso);
const span = (occurrence: { start: Date; end: Date } | null) =>
  occurrence && `${occurrence.start.toISOString()} ${occurrence.end.toISOString()}`;

describe('occurrenceAt', () => {
  // Monday nights in Berlin, across midnight: 21:00Z to 01:00Z in winter (CET, UTC+1).
  const mondayNights: Recurrence = {
    daysOfWeek: ['MONDAY'],
    startTime: '22:00',
    endTime: '02:00',
    timeZone: 'Europe/Berlin',
  };

  it('should cover a range that crosses midnight from its start up to, not including, its end', () => {
    expect(occurrenceAt(mondayNights, at('2024-01-15T20:59:59Z'))).toBeNull();
    expect(span(occurrenceAt(mondayNights, at('2024-01-15T21:00:00Z')))).toBe(
      '2024-01-15T21:00:00.000Z 2024-01-16T01:00:00.000Z',
    );
    expect(occurrenceAt(mondayNights, at('2024-01-16T00:59:59Z'))).not.toBeNull();
    expect(occurrenceAt(mondayNights, at('2024-01-16T01:00:00Z'))).toBeNull();
  });

  it('should start occurrences only on its days of the week', () => {
    expect(occurrenceAt(mondayNights, at('2024-01-16T21:30:00Z'))).toBeNull();
    expect(occurrenceAt(mondayNights, at('2024-01-14T21:30:00Z'))).toBeNull();
    expect(occurrenceAt(mondayNights, at('2024-01-22T21:30:00Z'))).not.toBeNull();
  });

  it("should read the day of the week in the window's time zone, not in UTC", () => {
    // Saturday 09:00 in Auckland (NZDT, UTC+13) is Friday 20:00 UTC.
    const saturdayMornings: Recurrence = {
      daysOfWeek: ['SATURDAY'],
      startTime: '09:00',
      endTime: '10:00',
      timeZone: 'Pacific/Auckland',
    };
    expect(span(occurrenceAt(saturdayMornings, at('2024-01-19T20:30:00Z')))).toBe(
      '2024-01-19T20:00:00.000Z 2024-01-19T21:00:00.000Z',
    );
    expect(occurrenceAt(saturdayMornings, at('2024-01-20T09:30:00Z'))).toBeNull();
  });

  it('should follow the summer offset once daylight saving has begun', () => {
    expect(span(occurrenceAt(mondayNights, at('2024-04-01T20:30:00Z')))).toBe(
      '2024-04-01T20:00:00.000Z 2024-04-02T00:00:00.000Z',
    );
  });

  it('should last an hour less across the night clocks go forward', () => {
    // Berlin, Sunday 31 March 2024: 02:00 CET becomes 03:00 CEST.
    const sundayEarly: Recurrence = {
      daysOfWeek: ['SUNDAY'],
      startTime: '01:00',
      endTime: '04:00',
      timeZone: 'Europe/Berlin',
    };
    expect(span(occurrenceAt(sundayEarly, at('2024-03-31T01:30:00Z')))).toBe(
      '2024-03-31T00:00:00.000Z 2024-03-31T02:00:00.000Z',
    );
    // Ending at 02:00, inside the skipped hour: the same instant as 03:00 CEST.
    const saturdayNight: Recurrence = {
      ...sundayEarly,
      daysOfWeek: ['SATURDAY'],
      startTime: '22:00',
      endTime: '02:00',
    };
    expect(span(occurrenceAt(saturdayNight, at('2024-03-30T23:00:00Z')))).toBe(
      '2024-03-30T21:00:00.000Z 2024-03-31T01:00:00.000Z',
    );
  });

  it('should have no occurrence in an hour the clocks skip, and the next one a week later', () => {
    const skipped: Recurrence = {
      daysOfWeek: ['SUNDAY'],
      startTime: '02:00',
      endTime: '03:00',
      timeZone: 'Europe/Berlin',
    };
    expect(occurrenceAt(skipped, at('2024-03-31T01:00:00Z'))).toBeNull();
    expect(span(nextOccurrence(skipped, at('2024-03-30T12:00:00Z')))).toBe(
      '2024-04-07T00:00:00.000Z 2024-04-07T01:00:00.000Z',
    );
  });

  it('should start a time the clocks skip at the same time after the jump', () => {
    const halfPast: Recurrence = {
      daysOfWeek: ['SUNDAY'],
      startTime: '02:30',
      endTime: '04:00',
      timeZone: 'Europe/Berlin',
    };
    expect(span(occurrenceAt(halfPast, at('2024-03-31T01:45:00Z')))).toBe(
      '2024-03-31T01:30:00.000Z 2024-03-31T02:00:00.000Z',
    );
  });

  it('should last an hour more across the night clocks go back, from the first of a repeated time', () => {
    // Berlin, Sunday 27 October 2024: 03:00 CEST becomes 02:00 CET; 02:00 to 03:00 happens twice.
    const sundayEarly: Recurrence = {
      daysOfWeek: ['SUNDAY'],
      startTime: '01:00',
      endTime: '04:00',
      timeZone: 'Europe/Berlin',
    };
    expect(span(occurrenceAt(sundayEarly, at('2024-10-27T02:30:00Z')))).toBe(
      '2024-10-26T23:00:00.000Z 2024-10-27T03:00:00.000Z',
    );
    const repeated: Recurrence = { ...sundayEarly, startTime: '02:30', endTime: '03:00' };
    expect(span(occurrenceAt(repeated, at('2024-10-27T01:45:00Z')))).toBe(
      '2024-10-27T00:30:00.000Z 2024-10-27T02:00:00.000Z',
    );
  });

  it('should cover whole days from 00:00 to 24:00, back to back', () => {
    const weekends: Recurrence = {
      daysOfWeek: ['SATURDAY', 'SUNDAY'],
      startTime: '00:00',
      endTime: '24:00',
      timeZone: 'UTC',
    };
    expect(occurrenceAt(weekends, at('2024-01-19T23:59:59Z'))).toBeNull();
    expect(span(occurrenceAt(weekends, at('2024-01-20T00:00:00Z')))).toBe(
      '2024-01-20T00:00:00.000Z 2024-01-21T00:00:00.000Z',
    );
    expect(span(occurrenceAt(weekends, at('2024-01-21T00:00:00Z')))).toBe(
      '2024-01-21T00:00:00.000Z 2024-01-22T00:00:00.000Z',
    );
    expect(occurrenceAt(weekends, at('2024-01-22T00:00:00Z'))).toBeNull();
  });

  it('should read a range ending at 00:00 as ending at the next midnight', () => {
    const evenings: Recurrence = {
      daysOfWeek: ['FRIDAY'],
      startTime: '18:00',
      endTime: '00:00',
      timeZone: 'America/New_York',
    };
    expect(span(occurrenceAt(evenings, at('2024-01-20T04:59:00Z')))).toBe(
      '2024-01-19T23:00:00.000Z 2024-01-20T05:00:00.000Z',
    );
  });
});

describe('nextOccurrence', () => {
  const weekdays: Recurrence = {
    daysOfWeek: ['MONDAY', 'WEDNESDAY'],
    startTime: '12:00',
    endTime: '13:00',
    timeZone: 'UTC',
  };

  it('should answer the current occurrence when the instant falls in one', () => {
    expect(span(nextOccurrence(weekdays, at('2024-01-15T12:30:00Z')))).toBe(
      '2024-01-15T12:00:00.000Z 2024-01-15T13:00:00.000Z',
    );
  });

  it('should answer the next one on a later day of the week', () => {
    expect(span(nextOccurrence(weekdays, at('2024-01-15T13:00:00Z')))).toBe(
      '2024-01-17T12:00:00.000Z 2024-01-17T13:00:00.000Z',
    );
    expect(span(nextOccurrence(weekdays, at('2024-01-18T00:00:00Z')))).toBe(
      '2024-01-22T12:00:00.000Z 2024-01-22T13:00:00.000Z',
    );
  });

  it('should answer an occurrence that started the day before and is still running', () => {
    const nights: Recurrence = { ...weekdays, daysOfWeek: ['SUNDAY'], startTime: '23:00', endTime: '01:00' };
    expect(span(nextOccurrence(nights, at('2024-01-15T00:30:00Z')))).toBe(
      '2024-01-14T23:00:00.000Z 2024-01-15T01:00:00.000Z',
    );
  });
});

describe('instantOfWallClock', () => {
  it('should read an unambiguous wall-clock time with the offset in force then', () => {
    expect(new Date(instantOfWallClock('Europe/Berlin', Date.UTC(2024, 6, 1, 12, 0))).toISOString()).toBe(
      '2024-07-01T10:00:00.000Z',
    );
    expect(new Date(instantOfWallClock('Asia/Kathmandu', Date.UTC(2024, 0, 1, 0, 0))).toISOString()).toBe(
      '2023-12-31T18:15:00.000Z',
    );
  });
});

describe('time and time-zone formats', () => {
  it.each([
    ['00:00', true, true],
    ['23:59', true, true],
    ['24:00', false, true],
    ['24:01', false, false],
    ['7:00', false, false],
    ['12:60', false, false],
  ])('should read %s as a start time: %s, as an end time: %s', (value, start, end) => {
    expect([isStartTime(value), isEndTime(value)]).toEqual([start, end]);
  });

  it.each([
    ['Europe/Berlin', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Etc/GMT+5', true],
    ['Mars/Olympus_Mons', false],
    ['+01:00', false],
    ['', false],
  ])('should read %j as a time-zone name: %s', (value, expected) => {
    expect(isTimeZoneName(value)).toBe(expected);
  });
});
