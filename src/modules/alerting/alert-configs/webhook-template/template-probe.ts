import { WEBHOOK_TEMPLATE_MAX_LENGTH } from '../../catalog/notification-types';
import { DEFAULT_RENDER_LIMITS, RenderBudget } from './render-budget';
import { renderWebhookBody } from './template-renderer';

// A representative alert with every documented template variable filled with typical values: a
// template is rendered against it when saved, so one that cannot render within the limits is refused
// then, not first at delivery time.
const PROBE_VARIABLES: Readonly<Record<string, unknown>> = {
  id: '5f0c1e2d3b4a596877665544',
  groupId: '5f0c1e2d3b4a596877665500',
  orgId: '5f0c1e2d3b4a596877665511',
  orgName: 'Example Organization',
  projectName: 'Example Project',
  alertConfigId: '5f0c1e2d3b4a596877665522',
  eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
  status: 'OPEN',
  created: '2024-01-01T00:00:00Z',
  updated: '2024-01-01T00:05:00Z',
  lastNotified: '2024-01-01T00:05:00Z',
  resolved: '2024-01-01T01:00:00Z',
  acknowledgedUntil: '2024-01-02T00:00:00Z',
  acknowledgementComment: 'Looking into it.',
  acknowledgingUsername: 'operator@example.com',
  metricName: 'ASSERT_REGULAR',
  currentValue: { number: 0.5, units: 'RAW' },
  hostId: '2c4b7d9e0f1a2b3c4d5e6f70',
  hostnameAndPort: 'db0.example.com:27017',
  typeName: 'REPLICA_PRIMARY',
  replicaSetName: 'rs1',
  clusterId: '5f0c1e2d3b4a596877665533',
  clusterName: 'Cluster0',
  humanReadable: 'Asserts: Regular has gone above 0.1 on db0.example.com:27017.',
  tags: ['production'],
  links: [{ rel: 'self', href: 'https://ops.example.com/api/public/v1.0/groups/5f0c1e2d3b4a596877665500' }],
  requestId: '0b6c7f3e-2f5c-4a8e-9d3f-1e2d3c4b5a69',
  signature: 'c2lnbmF0dXJlLW9mLXRoZS1ib2R5LWJhc2U2NA==',
};

// What the templates of one save may use together: the limits of one render. So saving a configuration
// costs at most one render's work however many templated notifications it has, and its templates together
// cost about that much again when one alert is delivered to all of them.
export function saveRenderBudget(): RenderBudget {
  return new RenderBudget({ ...DEFAULT_RENDER_LIMITS, maxOutputChars: WEBHOOK_TEMPLATE_MAX_LENGTH });
}

// Why the template cannot render within the limits against the representative alert, or undefined.
// Other render failures (a variable this alert lacks) are left to the delivery's fallback. The budget,
// when given, is shared with the other templates of the same save.
export function templateBudgetProblem(
  source: string,
  budget: RenderBudget = saveRenderBudget(),
): string | undefined {
  const rendered = renderWebhookBody(source, PROBE_VARIABLES, WEBHOOK_TEMPLATE_MAX_LENGTH, budget);
  return !rendered.ok && rendered.overBudget ? rendered.reason : undefined;
}
