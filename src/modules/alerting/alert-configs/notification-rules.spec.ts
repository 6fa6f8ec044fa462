import { ApiError } from '../../../platform/http/api-error';
import { checkNotifications } from './notification-rules';

const heavyPattern = (n: number) =>
  `[a-z0-9 .:-]{0,120}[a-z0-9 .:-]{0,120}[a-z0-9 .:-]{0,120}[a-z0-9 .:-]{0,120}(?:${n})?`;
const webhook = (template: string) => ({
  typeName: 'WEBHOOK',
  webhookUrl: 'https://hooks.example.com/alerts',
  webhookBodyTemplate: template,
});

function refusal(run: () => unknown): { errorCode: string | undefined; parameters: unknown[] } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { errorCode: error.errorCode, parameters: error.parameters };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('checkNotifications', () => {
  it('should refuse more than 25 notifications naming the field and the limit', () => {
    const notifications = Array.from({ length: 26 }, () => webhook('{"ok": true}'));
    expect(refusal(() => checkNotifications(notifications))).toEqual({
      errorCode: 'VALIDATION_ERROR',
      parameters: ['notifications', 'at most 25 notifications'],
    });
    expect(checkNotifications(notifications.slice(0, 25))).toHaveLength(25);
  });

  it('should share one render budget between the templates of a save and name the first that does not fit', () => {
    const template = (n: number) => `{"a": \${re.findAllGroup(humanReadable, "${heavyPattern(n)}", 0)}}`;
    expect(checkNotifications([webhook(template(0))])).toHaveLength(1);
    const refused = refusal(() =>
      checkNotifications(Array.from({ length: 25 }, (_, n) => webhook(template(n)))),
    );
    expect(refused.errorCode).toBe('VALIDATION_ERROR');
    const [field, reason] = refused.parameters as [string, string];
    expect(Number(/^notifications\[(\d+)\]\.webhookBodyTemplate$/.exec(field)?.[1])).toBeGreaterThan(0);
    expect(reason).toMatch(/together cannot render within the limits of one template/);
  });

  it("should charge the compiling of a template's patterns to its budget when it is parsed", () => {
    // Never evaluated (the fallback of a present variable), but each compiled when the template is parsed.
    const fallbacks = Array.from({ length: 40 }, (_, n) => `\${id!re.group(id, "${heavyPattern(n)}", 0)}`);
    const refused = refusal(() => checkNotifications([webhook(`{"a": "${fallbacks.join('')}"}`)]));
    expect(refused.parameters).toEqual([
      'notifications[0].webhookBodyTemplate',
      expect.stringMatching(/cannot render within the limits: .*too much work/),
    ]);
  });
});
