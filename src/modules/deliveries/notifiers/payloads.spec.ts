import type { OutboundResponse } from '../../../platform/net/outbound';
import { alertFacts, alertHeadline } from './alert-summary';
import { datadogSite } from './datadog.notifier';
import { emailMessage } from './email-message';
import type { AlertDocument } from './notifier';
import { opsGenieRequest } from './ops-genie.notifier';
import { pagerDutyEvent } from './pager-duty.notifier';
import { judgeSlackResponse, slackMessage } from './slack.notifier';
import { smsMessage } from './sms.notifier';
import { victorOpsRequest } from './victor-ops.notifier';

const NOW = new Date('2024-01-15T10:30:00Z');

const alert: AlertDocument = {
  id: '5d1b6f8e8c2e4e2d3c4a5b6c',
  groupId: '5d1b6f8e8c2e4e2d3c4a5b6d',
  alertConfigId: '5d1b6f8e8c2e4e2d3c4a5b6e',
  eventTypeName: 'NO_PRIMARY',
  status: 'OPEN',
  created: '2024-01-15T10:30:00Z',
  updated: '2024-01-15T10:31:00Z',
  replicaSetName: 'rs0',
  tags: [],
  links: [],
};

function slackAnswer(status: number, body: string): OutboundResponse {
  return { status, headers: {}, body, bodyTruncated: false, latencyMs: 3, privateTarget: false };
}

describe('alert summary', () => {
  it('should name the event and the subject when the alert has no humanReadable text', () => {
    expect(alertHeadline(alert)).toBe('NO_PRIMARY on rs0');
    expect(alertHeadline({ ...alert, replicaSetName: undefined })).toBe('NO_PRIMARY');
  });

  it('should list only the facts the alert has', () => {
    expect(alertFacts(alert).map(([name]) => name)).toEqual([
      'Project',
      'Event type',
      'Status',
      'Replica set',
      'Opened',
      'Alert id',
    ]);
  });
});

describe('pagerDutyEvent', () => {
  it('should use the replica set as the source when no host is named', () => {
    const event = pagerDutyEvent({ type: 'PAGER_DUTY', serviceKey: 'k' }, alert, 'alert.open');
    expect(event).toMatchObject({
      event_action: 'trigger',
      dedup_key: alert.id,
      payload: { source: 'rs0', group: 'rs0' },
    });
  });

  it('should fall back to the project as the source when the alert names no host, replica set or cluster', () => {
    const event = pagerDutyEvent(
      { type: 'PAGER_DUTY', serviceKey: 'k' },
      { ...alert, replicaSetName: undefined },
      'alert.update',
    );
    expect(event).toMatchObject({ payload: { source: `project ${alert.groupId}` } });
  });
});

describe('opsGenieRequest', () => {
  it('should escape the alias in the path when closing', () => {
    const request = opsGenieRequest(
      'https://api.opsgenie.com',
      { type: 'OPS_GENIE', apiKey: 'k', region: 'US' },
      { ...alert, id: 'a/b' },
      'alert.close',
    );
    expect(request.url).toBe('https://api.opsgenie.com/v2/alerts/a%2Fb/close?identifierType=alias');
  });
});

describe('victorOpsRequest', () => {
  it('should escape the key and the routing key in the path', () => {
    const request = victorOpsRequest(
      'https://alert.victorops.com/x',
      { type: 'VICTOR_OPS', apiKey: 'a/b', routingKey: 'c d' },
      alert,
      'alert.open',
    );
    expect(request.url).toBe('https://alert.victorops.com/x/a%2Fb/c%20d');
  });
});

describe('slackMessage and judgeSlackResponse', () => {
  it('should escape Slack control characters in the fields', () => {
    const message = slackMessage(
      { type: 'SLACK', apiToken: 't', channelName: 'c' },
      { ...alert, replicaSetName: '<rs&0>' },
      'alert.open',
    );
    const fields = (message.blocks as Array<{ fields?: Array<{ text: string }> }>)[2].fields!.map(
      (f) => f.text,
    );
    expect(fields).toContain('*Replica set*\n&lt;rs&amp;0&gt;');
  });

  it.each<[number, string, boolean, boolean]>([
    [200, '{"ok":true}', true, false],
    [200, '{"ok":false,"error":"invalid_auth"}', false, false],
    [200, '{"ok":false,"error":"ratelimited"}', false, true],
    [200, '{"ok":false}', false, false],
    [200, 'ok', false, false],
    [500, '', false, true],
  ])('should judge HTTP %s with %s as ok=%s retryable=%s', (status, body, ok, retryable) => {
    expect(judgeSlackResponse(slackAnswer(status, body), NOW)).toMatchObject({ ok, retryable });
  });
});

describe('datadogSite', () => {
  it.each([
    [undefined, 'https://api.datadoghq.com'],
    ['US', 'https://api.datadoghq.com'],
    ['EU', 'https://api.datadoghq.eu'],
    ['US5', 'https://api.us5.datadoghq.com'],
    ['US1_FED', 'https://api.ddog-gov.com'],
  ])('should send region %s to %s', (region, site) => {
    expect(datadogSite(region)).toBe(site);
  });
});

describe('emailMessage and smsMessage', () => {
  it('should escape HTML and keep the text readable', () => {
    const mail = emailMessage({ ...alert, humanReadable: '<b>x</b> & "y"' }, 'alert.acknowledge');
    expect(mail.subject).toBe(`[${alert.groupId}] Alert acknowledged: <b>x</b> & "y"`);
    expect(mail.html).toContain('<p>&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;</p>');
    expect(mail.text.split('\n')[0]).toBe('Alert acknowledged: <b>x</b> & "y"');
  });

  it('should cut long SMS text to 320 characters ending with an ellipsis', () => {
    const text = smsMessage({ ...alert, humanReadable: 'z'.repeat(500) }, 'alert.open');
    expect(text).toHaveLength(320);
    expect(text.endsWith('…')).toBe(true);
  });
});
