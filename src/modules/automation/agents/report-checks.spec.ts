import type { ApiError } from '../../../platform/http/api-error';
import type { AgentReportRequest } from './dto/agent-report.request';
import { checkReport } from './report-checks';

const NOW = new Date('2024-01-15T10:00:00Z');

function report(overrides: Partial<AgentReportRequest> = {}): AgentReportRequest {
  return { agentType: 'MONITORING', hostname: 'agent0', version: '1.0', ...overrides };
}

function host(overrides: Record<string, unknown> = {}) {
  return { hostname: 'db0', port: 27017, typeName: 'STANDALONE', up: true, ...overrides } as never;
}

function errorOf(action: () => void): Pick<ApiError, 'errorCode' | 'parameters'> | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    const { errorCode, parameters } = error as ApiError;
    return { errorCode, parameters };
  }
}

describe('checkReport', () => {
  it('should accept a heartbeat without sections', () => {
    expect(errorOf(() => checkReport(report(), NOW, 14 * 24))).toBeUndefined();
  });

  it('should refuse processes from an agent that is not an automation agent', () => {
    expect(errorOf(() => checkReport(report({ processes: [] }), NOW, 14 * 24))).toEqual({
      errorCode: 'VALIDATION_ERROR',
      parameters: ['processes', 'only AUTOMATION agents report processes'],
    });
  });

  it('should refuse a host reported twice in one report, naming the second', () => {
    const error = errorOf(() => checkReport(report({ hosts: [host(), host({ up: false })] }), NOW, 14 * 24));
    expect(error?.parameters?.[0]).toBe('hosts[1]');
  });

  it('should refuse a partition listed twice for one host', () => {
    const disks = [{ partitionName: 'sda1' }, { partitionName: 'sda1' }];
    const error = errorOf(() => checkReport(report({ hosts: [host({ disks })] }), NOW, 14 * 24));
    expect(error?.parameters?.[0]).toBe('hosts[0].disks[1].partitionName');
  });

  it.each([
    ['older than the retention', '2024-01-01T09:59:59Z', false],
    ['well in the future', '2024-01-15T10:05:01Z', false],
    ['slightly ahead of our clock', '2024-01-15T10:04:59Z', true],
    ['at the edge of the retention', '2024-01-01T10:00:00Z', true],
  ])('should judge a sample %s', (_case, timestamp, accepted) => {
    const measurements = [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp }];
    const error = errorOf(() => checkReport(report({ hosts: [host({ measurements })] }), NOW, 14 * 24));
    if (accepted) expect(error).toBeUndefined();
    else expect(error?.parameters?.[0]).toBe('hosts[0].measurements[0].timestamp');
  });

  it.each([
    [14 * 24, '2024-01-01T09:59:59Z', 'it must lie within the last 14 days and not in the future'],
    [6, '2024-01-15T03:59:59Z', 'it must lie within the last 6 hours and not in the future'],
  ])('should name a retention of %i hours in the unit it was given in', (hours, timestamp, message) => {
    const measurements = [{ metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp }];
    expect(errorOf(() => checkReport(report({ hosts: [host({ measurements })] }), NOW, hours))).toEqual({
      errorCode: 'VALIDATION_ERROR',
      parameters: ['hosts[0].measurements[0].timestamp', message],
    });
  });
});
