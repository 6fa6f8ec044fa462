import { randomBytes } from 'node:crypto';
import type { NewAlert } from '../../../src/modules/alerting';
import { call } from '../../support/digest-client';
import {
  metricAlert,
  projectWithCallers,
  type ProjectCallers,
} from '../../support/factories/alerting.fixture';
import type { BootstrapResult } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';
import { createAlertConfig } from './deliveries.fixture';

// A metric alert on a host of its own (HOST_DOWN: without the metric fields).
export function hostAlert(
  groupId: string,
  alertConfigId: string,
  overrides: Partial<NewAlert> = {},
): NewAlert {
  const alert = metricAlert(groupId, {
    alertConfigId,
    hostId: randomBytes(12).toString('hex'),
    hostnameAndPort: `db-${randomBytes(3).toString('hex')}.example.com:27017`,
    replicaSetName: `rs-${randomBytes(3).toString('hex')}`,
    ...overrides,
  });
  if (alert.eventTypeName !== 'HOST_DOWN') {
    return { ...alert, humanReadable: `Asserts: Regular is 0.5 on ${alert.hostnameAndPort}.` };
  }
  const { metricName, currentValue, humanReadable, ...hostDown } = alert;
  void [metricName, currentValue, humanReadable];
  return hostDown;
}

// A project with a grouping policy and two alert configurations notifying the same receiver; `prepare`
// runs before the configurations are saved (e.g. to set up the project integration they use).
export async function groupingProject(
  t: TestApp,
  boot: BootstrapResult,
  policy: Record<string, unknown>,
  notification: Record<string, unknown>,
  prepare?: (p: ProjectCallers) => Promise<void>,
): Promise<{ p: ProjectCallers; configA: string; configB: string }> {
  const p = await projectWithCallers(t, boot);
  if (prepare) await prepare(p);
  const saved = await call('PUT', `${t.apiUrl}/groups/${p.groupId}/alertGroupingPolicy`, {
    auth: p.monitoringAdmin,
    body: policy,
  });
  expect(saved.status).toBe(200);
  const notifications = [{ delayMin: 0, intervalMin: 60, ...notification }];
  const configA = await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications);
  const configB = await createAlertConfig(t, p.monitoringAdmin, p.groupId, notifications);
  return { p, configA, configB };
}
