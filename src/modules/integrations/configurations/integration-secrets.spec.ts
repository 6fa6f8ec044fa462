import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { openSettings, redactSettings, restoreRedactedSecrets, sealSettings } from './integration-secrets';
import type { IntegrationDraft, IntegrationSettings, SlackSettings } from './integration-settings';

const box = SecretBox.withKey(randomBytes(32));
const webhook: IntegrationSettings = {
  type: 'WEBHOOK',
  url: 'https://hooks.example.com/services/abcd',
  secret: 'whsec-value',
};

describe('integration-secrets', () => {
  it('should seal only the secret settings and open them back', () => {
    const slack: SlackSettings = { type: 'SLACK', apiToken: 'xoxb-1234567890', teamName: 'Team' };
    const sealed = sealSettings(slack, box);
    expect(sealed.apiToken).toMatch(/^v1:/);
    expect(sealed.teamName).toBe('Team');
    expect(openSettings(sealed, box)).toEqual(slack);
  });

  it('should redact keys partially, URLs partially and the webhook secret fully', () => {
    expect(redactSettings(webhook)).toEqual({
      type: 'WEBHOOK',
      url: 'https://hooks.example.com/******abcd',
      secret: '******',
    });
    const pagerDuty: IntegrationSettings = { type: 'PAGER_DUTY', serviceKey: 'pd-key-00001234' };
    expect(redactSettings(pagerDuty)).toEqual({
      type: 'PAGER_DUTY',
      serviceKey: '******1234',
    });
  });

  it('should put back the stored secrets when their redacted forms are sent', () => {
    const draft: IntegrationDraft = {
      type: 'WEBHOOK',
      url: 'https://hooks.example.com/******abcd',
      secret: '******',
    };
    expect(restoreRedactedSecrets(draft, webhook)).toEqual(webhook);
  });

  it('should take a new value as sent', () => {
    const draft: IntegrationDraft = { type: 'WEBHOOK', url: 'https://other.example.com/hook', secret: 'new' };
    expect(restoreRedactedSecrets(draft, webhook)).toEqual(draft);
  });

  it('should refuse a redacted form that matches no stored secret', () => {
    const draft: IntegrationDraft = { type: 'WEBHOOK', url: 'https://hooks.example.com/******zzzz' };
    expect(() => restoreRedactedSecrets(draft, webhook)).toThrow(/url is a redacted value/);
    expect(() =>
      restoreRedactedSecrets({ type: 'WEBHOOK', url: webhook.url, secret: '******' }, null),
    ).toThrow(/secret is a redacted value/);
  });
});
