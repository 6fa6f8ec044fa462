import { onHeartbeat, onHostReport } from './agent-transitions';

const CURRENT = '107.0.0.8465-1';

describe('onHeartbeat', () => {
  it('should announce NEW_AGENT when the agent is seen for the first time', () => {
    expect(onHeartbeat('AUTOMATION', null, CURRENT, CURRENT)).toEqual({
      next: { state: 'UP', versionState: null },
      events: ['NEW_AGENT'],
    });
  });

  it('should announce the type-specific UP event when a DOWN agent reports again', () => {
    const result = onHeartbeat('MONITORING', { state: 'DOWN', versionState: 'CURRENT' }, CURRENT, CURRENT);
    expect(result.events).toEqual(['MONITORING_AGENT_UP']);
  });

  it('should announce nothing when an UP agent with a current version reports', () => {
    expect(onHeartbeat('BACKUP', { state: 'UP', versionState: 'CURRENT' }, CURRENT, CURRENT).events).toEqual(
      [],
    );
  });

  it('should announce VERSION_BEHIND once when the version falls behind', () => {
    const first = onHeartbeat('MONITORING', null, '106.0.0', CURRENT);
    expect(first).toEqual({
      next: { state: 'UP', versionState: 'BEHIND' },
      events: ['NEW_AGENT', 'MONITORING_AGENT_VERSION_BEHIND'],
    });
    expect(onHeartbeat('MONITORING', first.next, '106.0.0', CURRENT).events).toEqual([]);
  });

  it('should announce VERSION_CURRENT when a behind agent is upgraded', () => {
    const result = onHeartbeat('BACKUP', { state: 'UP', versionState: 'BEHIND' }, CURRENT, CURRENT);
    expect(result).toEqual({
      next: { state: 'UP', versionState: 'CURRENT' },
      events: ['BACKUP_AGENT_VERSION_CURRENT'],
    });
  });

  it('should not track versions of automation agents when the product names no event for them', () => {
    expect(onHeartbeat('AUTOMATION', { state: 'UP', versionState: null }, '1.0', CURRENT)).toEqual({
      next: { state: 'UP', versionState: null },
      events: [],
    });
  });
});

describe('onHostReport', () => {
  it.each([
    [null, true, ['NEW_HOST']],
    [null, false, ['NEW_HOST', 'HOST_DOWN']],
    [true, false, ['HOST_DOWN']],
    [false, true, ['HOST_UP']],
    [true, true, []],
    [false, false, []],
  ] as const)('should derive events from previous up=%s and reported up=%s', (previous, reported, events) => {
    expect(onHostReport(previous, reported)).toEqual(events);
  });
});
