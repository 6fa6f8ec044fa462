import { ApiError } from '../../../platform/http/api-error';
import type { Notification } from '../alert-configs/alert-config.types';
import { appliesTo, checkGlobalNotifications, checkGlobalScope } from './global-alert-config-rules';

const A = '5e8cc670a16506712e0b1e95';
const B = '5e8cc670a16506712e0b1e96';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof ApiError ? `${error.errorCode} ${error.parameters.join(',')}` : 'not an ApiError';
  }
}

const notification = (fields: Partial<Notification> & { typeName: string }): Notification => ({
  delayMin: 0,
  intervalMin: 60,
  ...fields,
});

describe('checkGlobalScope', () => {
  it('should require forAllGroups when it is missing', () => {
    expect(codeOf(() => checkGlobalScope({ groupIds: [A] }))).toBe('MISSING_ATTRIBUTE forAllGroups');
  });

  it('should require at least one project when forAllGroups is false', () => {
    expect(codeOf(() => checkGlobalScope({ forAllGroups: false }))).toBe('MISSING_ATTRIBUTE groupIds');
  });

  it('should refuse tags with named projects and projects with forAllGroups', () => {
    expect(codeOf(() => checkGlobalScope({ forAllGroups: false, groupIds: [A], tags: ['prod'] }))).toMatch(
      /^VALIDATION_ERROR tags/,
    );
    expect(codeOf(() => checkGlobalScope({ forAllGroups: true, groupIds: [A] }))).toMatch(
      /^VALIDATION_ERROR groupIds/,
    );
  });

  it('should name the malformed project id or empty tag when one is sent', () => {
    expect(codeOf(() => checkGlobalScope({ forAllGroups: false, groupIds: [A, 'nope'] }))).toBe(
      'INVALID_ATTRIBUTE groupIds[1]',
    );
    expect(codeOf(() => checkGlobalScope({ forAllGroups: true, tags: ['prod', ' '] }))).toBe(
      'INVALID_ATTRIBUTE tags[1]',
    );
  });

  it('should drop repeated ids and tags when they are sent twice', () => {
    expect(checkGlobalScope({ forAllGroups: false, groupIds: [A, A, B] })).toEqual({
      forAllGroups: false,
      groupIds: [A, B],
      tags: [],
    });
  });
});

describe('appliesTo', () => {
  it('should apply to every project carrying all the tags when forAllGroups is true', () => {
    const scope = checkGlobalScope({ forAllGroups: true, tags: ['prod', 'eu'] });
    expect(appliesTo(scope, { id: A, tags: ['eu', 'prod', 'x'] })).toBe(true);
    expect(appliesTo(scope, { id: B, tags: ['prod'] })).toBe(false);
    expect(appliesTo(checkGlobalScope({ forAllGroups: true }), { id: B, tags: [] })).toBe(true);
  });

  it('should apply only to the named projects when forAllGroups is false', () => {
    const scope = checkGlobalScope({ forAllGroups: false, groupIds: [A] });
    expect(appliesTo(scope, { id: A, tags: [] })).toBe(true);
    expect(appliesTo(scope, { id: B, tags: [] })).toBe(false);
  });
});

describe('checkGlobalNotifications', () => {
  it('should refuse USER and TEAM notifications when a configuration is global', () => {
    expect(codeOf(() => checkGlobalNotifications([notification({ typeName: 'USER', username: 'a' })]))).toBe(
      'UNSUPPORTED_NOTIFICATION_TYPE USER,notifications[0].typeName',
    );
  });

  it('should refuse a notification relying on a project integration when it carries no target', () => {
    expect(codeOf(() => checkGlobalNotifications([notification({ typeName: 'WEBHOOK' })]))).toBe(
      'WEBHOOK_URL_NOT_SET notifications[0]',
    );
  });

  it('should accept notifications carrying their own target', () => {
    expect(
      codeOf(() =>
        checkGlobalNotifications([
          notification({ typeName: 'WEBHOOK', webhookUrl: 'https://hooks.example.com/x' }),
          notification({ typeName: 'EMAIL', emailAddress: 'ops@example.com' }),
          notification({ typeName: 'GROUP', roles: ['GROUP_OWNER'], emailEnabled: true }),
        ]),
      ),
    ).toBeUndefined();
  });
});
