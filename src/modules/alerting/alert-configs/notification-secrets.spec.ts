import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { ApiError } from '../../../platform/http/api-error';
import type { Notification } from './alert-config.types';
import {
  openNotification,
  redactNotification,
  restoreRedactedSecrets,
  sealNotification,
} from './notification-secrets';

const slack: Notification = {
  typeName: 'SLACK',
  delayMin: 0,
  intervalMin: 60,
  apiToken: 'xoxb-token-7890',
  channelName: '#a',
};
const pager: Notification = {
  typeName: 'PAGER_DUTY',
  delayMin: 0,
  intervalMin: 60,
  serviceKey: 'pd-key-1234',
};
const hook: Notification = {
  typeName: 'WEBHOOK',
  delayMin: 0,
  intervalMin: 60,
  webhookUrl: 'https://hooks.example.com/path/abcd',
  webhookSecret: 'whsec',
};

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('notification secrets', () => {
  const box = SecretBox.withKey(randomBytes(32));

  it('should seal only the secret fields and open them back', () => {
    const sealed = sealNotification(slack, box);
    expect(sealed.apiToken).not.toBe(slack.apiToken);
    expect(sealed.channelName).toBe('#a');
    expect(openNotification(sealed, box)).toEqual(slack);
  });

  it('should redact every secret field by its kind', () => {
    expect(redactNotification(hook)).toEqual({
      ...hook,
      webhookUrl: 'https://hooks.example.com/******abcd',
      webhookSecret: '******',
    });
  });

  it('should restore the secret at the same index when its redacted form is sent back', () => {
    const [restored] = restoreRedactedSecrets([{ ...redactNotification(slack) }], [slack]);
    expect(restored.apiToken).toBe(slack.apiToken);
  });

  it('should restore from the one stored notification of that type when notifications were reordered', () => {
    const restored = restoreRedactedSecrets(
      [{ ...redactNotification(hook) }, { ...redactNotification(slack) }],
      [slack, pager, hook],
    );
    expect(restored[0]).toMatchObject({ webhookUrl: hook.webhookUrl, webhookSecret: 'whsec' });
    expect(restored[1].apiToken).toBe(slack.apiToken);
  });

  it('should keep a new value as sent', () => {
    const [restored] = restoreRedactedSecrets([{ ...slack, apiToken: 'xoxb-new' }], [slack]);
    expect(restored.apiToken).toBe('xoxb-new');
  });

  it('should refuse a redacted form that matches no stored secret, naming the field', () => {
    const error = refusal(() =>
      restoreRedactedSecrets([pager, { ...slack, apiToken: '******0000' }], [pager, slack]),
    );
    expect(error.errorCode).toBe('VALIDATION_ERROR');
    expect(error.parameters[0]).toBe('notifications[1].apiToken');
  });

  it('should refuse a redacted form that two stored notifications of the type share', () => {
    const twin = { ...slack, apiToken: 'other-token-7890' };
    expect(
      refusal(() => restoreRedactedSecrets([pager, { ...redactNotification(slack) }], [twin, pager, slack]))
        .errorCode,
    ).toBe('VALIDATION_ERROR');
  });
});
