import { ApiError } from '../../../platform/http/api-error';
import { silences, windowForCreate, windowForUpdate, type WindowFields } from './maintenance-window-rules';

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
