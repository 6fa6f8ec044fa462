import { ApiError } from '../../../platform/http/api-error';
import {
  checkAlertConfigIds,
  silences,
  windowForCreate,
  windowForUpdate,
  type WindowFields,
} from './maintenance-window-rules';

const now = new Date('2024-01-15T10:00:00Z');

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error.errorCode;
    throw error;
  }
  return undefined;
}

describe('windowForCreate', () => {
  const body = {
    alertTypeNames: ['HOST'],
    startDate: '2024-01-15T11:00:00Z',
    endDate: '2024-01-15T12:00:00Z',
  };

  it('should parse the dates and leave the description out when none is given', () => {
    expect(windowForCreate(body, now)).toEqual({
      alertTypeNames: ['HOST'],
      startDate: new Date('2024-01-15T11:00:00Z'),
      endDate: new Date('2024-01-15T12:00:00Z'),
      description: null,
      matchers: [],
      recurrence: null,
      alertConfigIds: [],
    });
  });

  it('should drop repeated alert types', () => {
    expect(
      windowForCreate({ ...body, alertTypeNames: ['HOST', 'AGENT', 'HOST'] }, now).alertTypeNames,
    ).toEqual(['HOST', 'AGENT']);
  });

  it.each([
    ['alertTypeNames', undefined, 'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME'],
    ['alertTypeNames', [], 'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME'],
    ['alertTypeNames', ['HOST', 'DISK'], 'INVALID_ENUM_VALUE'],
    ['startDate', undefined, 'MISSING_MAINTENANCE_WINDOW_START_DATE'],
    ['startDate', null, 'MISSING_MAINTENANCE_WINDOW_START_DATE'],
    ['endDate', undefined, 'MISSING_MAINTENANCE_WINDOW_END_DATE'],
    ['startDate', '2024-01-15T12:00:00Z', 'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE'],
    ['startDate', '2024-01-15T13:00:00Z', 'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE'],
  ])('should refuse %s=%j with %s', (field, value, code) => {
    expect(codeOf(() => windowForCreate({ ...body, [field]: value }, now))).toBe(code);
  });

  it('should refuse a window that has already ended', () => {
    const ended = { ...body, startDate: '2024-01-15T08:00:00Z', endDate: '2024-01-15T10:00:00Z' };
    expect(codeOf(() => windowForCreate(ended, now))).toBe('VALIDATION_ERROR');
  });

  it('should accept a window that has started but not ended', () => {
    const running = { ...body, startDate: '2024-01-15T08:00:00Z', endDate: '2024-01-15T10:00:01Z' };
    expect(codeOf(() => windowForCreate(running, now))).toBeUndefined();
  });
});

describe('windowForUpdate', () => {
  const current: WindowFields = {
    alertTypeNames: ['HOST'],
    startDate: new Date('2024-01-15T11:00:00Z'),
    endDate: new Date('2024-01-15T12:00:00Z'),
    description: 'old',
    matchers: [],
    recurrence: null,
    alertConfigIds: [],
  };

  it('should refuse a body without any field with MISSING_ONE_OF_ATTRIBUTES', () => {
    expect(codeOf(() => windowForUpdate(current, {}, now))).toBe('MISSING_ONE_OF_ATTRIBUTES');
  });

  it('should keep the fields that are not given', () => {
    expect(windowForUpdate(current, { alertTypeNames: ['BACKUP'] }, now)).toEqual({
      ...current,
      alertTypeNames: ['BACKUP'],
    });
  });

  it('should check the merged dates, not only the given one', () => {
    expect(codeOf(() => windowForUpdate(current, { startDate: '2024-01-15T12:30:00Z' }, now))).toBe(
      'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE',
    );
    expect(codeOf(() => windowForUpdate(current, { endDate: '2024-01-15T10:30:00Z' }, now))).toBe(
      'MAINTENANCE_WINDOW_START_DATE_AFTER_END_DATE',
    );
  });

  it('should remove the description when it is null or empty', () => {
    expect(windowForUpdate(current, { description: null }, now).description).toBeNull();
    expect(windowForUpdate(current, { description: '' }, now).description).toBeNull();
  });

  it('should refuse to empty the alert types or drop a date', () => {
    expect(codeOf(() => windowForUpdate(current, { alertTypeNames: [] }, now))).toBe(
      'MISSING_MAINTENANCE_WINDOW_ALERT_TYPE_NAME',
    );
    expect(codeOf(() => windowForUpdate(current, { endDate: null }, now))).toBe(
      'MISSING_MAINTENANCE_WINDOW_END_DATE',
    );
  });
});

describe('silences', () => {
  const window: WindowFields = {
    alertTypeNames: ['HOST', 'REPLICA_SET'],
    startDate: new Date('2024-01-15T11:00:00Z'),
    endDate: new Date('2024-01-15T12:00:00Z'),
    description: null,
    matchers: [],
    recurrence: null,
    alertConfigIds: [],
  };

  it('should silence its alert types from the start instant up to, not including, the end', () => {
    expect(silences(window, 'HOST', new Date('2024-01-15T10:59:59.999Z'))).toBe(false);
    expect(silences(window, 'HOST', new Date('2024-01-15T11:00:00Z'))).toBe(true);
    expect(silences(window, 'REPLICA_SET', new Date('2024-01-15T11:59:59.999Z'))).toBe(true);
    expect(silences(window, 'HOST', new Date('2024-01-15T12:00:00Z'))).toBe(false);
  });

  it('should not silence other alert types', () => {
    expect(silences(window, 'BACKUP', new Date('2024-01-15T11:30:00Z'))).toBe(false);
  });
});

describe('window matchers', () => {
  const body = {
    alertTypeNames: ['HOST', 'REPLICA_SET'],
    startDate: '2024-01-15T11:00:00Z',
    endDate: '2024-01-15T12:00:00Z',
  };
  const rs1 = { fieldName: 'REPLICA_SET_NAME', operator: 'EQUALS', value: 'rs1' };

  it('should keep the matchers of the alert types', () => {
    const host = { fieldName: 'HOSTNAME', operator: 'STARTS_WITH', value: 'db1' };
    expect(windowForCreate({ ...body, matchers: [rs1, host] }, now).matchers).toEqual([rs1, host]);
  });

  it.each([
    [['HOST'], { fieldName: 'CLUSTER_NAME', operator: 'EQUALS', value: 'c0' }, 'INVALID_ENUM_VALUE'],
    [['HOST'], { fieldName: 'TYPE_NAME', operator: 'EQUALS', value: 'LEADER' }, 'INVALID_ENUM_VALUE'],
    [['HOST'], { fieldName: 'PORT', operator: 'EQUALS', value: '70000' }, 'VALIDATION_ERROR'],
    [['HOST'], { fieldName: 'HOSTNAME', operator: 'REGEX', value: '(' }, 'VALIDATION_ERROR'],
    [['AGENT'], rs1, 'VALIDATION_ERROR'],
  ])('should refuse for %j the matcher %j with %s', (alertTypeNames, matcher, code) => {
    expect(codeOf(() => windowForCreate({ ...body, alertTypeNames, matchers: [matcher] }, now))).toBe(code);
  });

  it('should accept replica-set fields on a BACKUP window', () => {
    expect(windowForCreate({ ...body, alertTypeNames: ['BACKUP'], matchers: [rs1] }, now).matchers).toEqual([
      rs1,
    ]);
  });

  it('should check kept matchers against new alert types and widen on null', () => {
    const current: WindowFields = { ...windowForCreate({ ...body, matchers: [rs1] }, now) };
    expect(codeOf(() => windowForUpdate(current, { alertTypeNames: ['AGENT'] }, now))).toBe(
      'VALIDATION_ERROR',
    );
    expect(windowForUpdate(current, { matchers: null }, now).matchers).toEqual([]);
    expect(windowForUpdate(current, { description: 'x' }, now).matchers).toEqual([rs1]);
  });

  it('should silence a subject only when every matcher matches it', () => {
    const window: WindowFields = {
      ...windowForCreate(body, now),
      matchers: [rs1, { fieldName: 'HOSTNAME', operator: 'REGEX', value: '^db[0-9]+\\.' }],
    };
    const at = new Date('2024-01-15T11:30:00Z');
    const subject = (values: Record<string, string>) => (field: string) => values[field];
    expect(
      silences(window, 'HOST', at, subject({ REPLICA_SET_NAME: 'rs1', HOSTNAME: 'db1.example.com' })),
    ).toBe(true);
    expect(
      silences(window, 'HOST', at, subject({ REPLICA_SET_NAME: 'rs2', HOSTNAME: 'db1.example.com' })),
    ).toBe(false);
    expect(
      silences(window, 'HOST', at, subject({ REPLICA_SET_NAME: 'rs1', HOSTNAME: 'web1.example.com' })),
    ).toBe(false);
    expect(silences(window, 'HOST', at, subject({ HOSTNAME: 'db1.example.com' }))).toBe(false);
  });
});

describe('recurring windows', () => {
  // Monday 15 January 2024, 10:00 UTC; Berlin is on CET (UTC+1).
  const nights = {
    daysOfWeek: ['MONDAY', 'TUESDAY'],
    startTime: '22:00',
    endTime: '02:00',
    timeZone: 'Europe/Berlin',
  };
  const body = { alertTypeNames: ['HOST'], recurrence: nights };

  it('should recur from now and for good when no dates are given', () => {
    const fields = windowForCreate(body, new Date('2024-01-15T10:00:00.250Z'));
    expect(fields.startDate).toEqual(new Date('2024-01-15T10:00:00Z'));
    expect(fields.endDate).toBeNull();
    expect(fields.recurrence).toEqual(nights);
  });

  it('should silence only during occurrences, in its time zone, across midnight', () => {
    const window = windowForCreate(body, now);
    expect(silences(window, 'HOST', new Date('2024-01-15T20:59:59Z'))).toBe(false);
    expect(silences(window, 'HOST', new Date('2024-01-15T21:00:00Z'))).toBe(true);
    expect(silences(window, 'HOST', new Date('2024-01-16T00:59:59Z'))).toBe(true);
    expect(silences(window, 'HOST', new Date('2024-01-16T01:00:00Z'))).toBe(false);
    expect(silences(window, 'HOST', new Date('2024-01-17T00:30:00Z'))).toBe(true);
    // Wednesday night is not one of its days.
    expect(silences(window, 'HOST', new Date('2024-01-17T21:30:00Z'))).toBe(false);
  });

  it('should stop at its end date, inside an occurrence too, and not start before its start date', () => {
    const window = windowForCreate(
      { ...body, startDate: '2024-01-15T22:00:00Z', endDate: '2024-01-23T00:00:00Z' },
      now,
    );
    expect(silences(window, 'HOST', new Date('2024-01-15T21:30:00Z'))).toBe(false);
    expect(silences(window, 'HOST', new Date('2024-01-15T22:00:00Z'))).toBe(true);
    expect(silences(window, 'HOST', new Date('2024-01-22T23:59:59Z'))).toBe(true);
    expect(silences(window, 'HOST', new Date('2024-01-23T00:00:00Z'))).toBe(false);
    expect(silences(window, 'HOST', new Date('2024-01-29T21:30:00Z'))).toBe(false);
  });

  it('should drop repeated days', () => {
    const repeated = { ...nights, daysOfWeek: ['MONDAY', 'MONDAY'] };
    expect(windowForCreate({ ...body, recurrence: repeated }, now).recurrence?.daysOfWeek).toEqual([
      'MONDAY',
    ]);
  });

  it.each([
    [{ daysOfWeek: [] }, 'MISSING_ATTRIBUTE', 'recurrence.daysOfWeek'],
    [{ daysOfWeek: ['MON'] }, 'INVALID_ENUM_VALUE', 'recurrence.daysOfWeek'],
    [{ startTime: undefined }, 'MISSING_ATTRIBUTE', 'recurrence.startTime'],
    [{ startTime: '24:00' }, 'VALIDATION_ERROR', 'recurrence.startTime'],
    [{ endTime: '2:00' }, 'VALIDATION_ERROR', 'recurrence.endTime'],
    [{ endTime: '22:00' }, 'VALIDATION_ERROR', 'recurrence.endTime'],
    [{ timeZone: 'Europe/Atlantis' }, 'VALIDATION_ERROR', 'recurrence.timeZone'],
    [{ timeZone: null }, 'MISSING_ATTRIBUTE', 'recurrence.timeZone'],
  ])('should refuse the recurrence change %j with %s naming %s', (change, code, field) => {
    try {
      windowForCreate({ ...body, recurrence: { ...nights, ...change } }, now);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect([(error as ApiError).errorCode, (error as ApiError).detail]).toEqual([
        code,
        expect.stringContaining(field),
      ]);
    }
  });

  it('should refuse an end date before the first occurrence', () => {
    const tooSoon = { ...body, endDate: '2024-01-15T20:00:00Z' };
    expect(codeOf(() => windowForCreate(tooSoon, now))).toBe('VALIDATION_ERROR');
    expect(
      codeOf(() => windowForCreate({ ...tooSoon, endDate: '2024-01-15T21:00:01Z' }, now)),
    ).toBeUndefined();
  });

  it('should become one-off again only with an end date', () => {
    const recurring = windowForCreate(body, now);
    expect(codeOf(() => windowForUpdate(recurring, { recurrence: null }, now))).toBe(
      'MISSING_MAINTENANCE_WINDOW_END_DATE',
    );
    const oneOff = windowForUpdate(recurring, { recurrence: null, endDate: '2024-01-15T12:00:00Z' }, now);
    expect([oneOff.recurrence, oneOff.endDate]).toEqual([null, new Date('2024-01-15T12:00:00Z')]);
  });

  it('should let a one-off window recur within its dates, and drop the end date of a recurring one', () => {
    const oneOff = windowForCreate(
      { alertTypeNames: ['HOST'], startDate: '2024-01-15T11:00:00Z', endDate: '2024-02-15T00:00:00Z' },
      now,
    );
    const recurring = windowForUpdate(oneOff, { recurrence: nights }, now);
    expect([recurring.startDate, recurring.endDate]).toEqual([oneOff.startDate, oneOff.endDate]);
    expect(windowForUpdate(recurring, { endDate: null }, now).endDate).toBeNull();
  });
});

describe('windows naming alert configurations', () => {
  const config = '5efda6aea3f2ed2e7dd6ce05';
  const other = '5efda6aea3f2ed2e7dd6ce06';
  const body = {
    alertTypeNames: ['HOST'],
    startDate: '2024-01-15T11:00:00Z',
    endDate: '2024-01-15T12:00:00Z',
    alertConfigIds: [config, config],
  };
  const at = new Date('2024-01-15T11:30:00Z');

  it('should silence only alerts of the configurations it names', () => {
    const window = windowForCreate(body, now);
    expect(window.alertConfigIds).toEqual([config]);
    expect(silences(window, 'HOST', at, undefined, config)).toBe(true);
    expect(silences(window, 'HOST', at, undefined, other)).toBe(false);
    expect(silences(window, 'HOST', at)).toBe(false);
  });

  it('should refuse what is no configuration id, naming its index', () => {
    expect(() => windowForCreate({ ...body, alertConfigIds: [config, 'nope'] }, now)).toThrow(
      expect.objectContaining({
        errorCode: 'VALIDATION_ERROR',
        detail: expect.stringContaining('alertConfigIds[1]'),
      }),
    );
  });

  it('should refuse more than 50 configurations', () => {
    const many = Array.from({ length: 51 }, (_, index) => index.toString(16).padStart(24, '0'));
    expect(codeOf(() => windowForCreate({ ...body, alertConfigIds: many }, now))).toBe('VALIDATION_ERROR');
  });

  it("should refuse a configuration of another project or of none of the window's alert types", () => {
    const fields = { alertConfigIds: [config, other], alertTypeNames: ['HOST'] };
    const eventTypes: Record<string, string> = { [config]: 'HOST_DOWN', [other]: 'NO_PRIMARY' };
    expect(() => checkAlertConfigIds(fields, (id) => eventTypes[id])).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('alertConfigIds[1]') }),
    );
    expect(() =>
      checkAlertConfigIds({ ...fields, alertTypeNames: ['HOST', 'REPLICA_SET'] }, (id) => eventTypes[id]),
    ).not.toThrow();
    expect(() => checkAlertConfigIds(fields, () => undefined)).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('no alert configuration') }),
    );
  });
});
