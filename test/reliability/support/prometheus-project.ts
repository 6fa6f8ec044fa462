import { call } from '../../support/digest-client';
import { bootstrapFirstUser, createOrg, createProject } from '../../support/factories/identity.fixture';
import type { TestApp } from '../../support/test-app';

export const PROMETHEUS_USER = 'prom_user';
export const PROMETHEUS_PASSWORD = 'Prom-Password-1';

// A project with an enabled PROMETHEUS integration (HTTP service discovery behind PROMETHEUS_USER and
// PROMETHEUS_PASSWORD); returns its id.
export async function prometheusProject(t: TestApp): Promise<string> {
  const boot = await bootstrapFirstUser(t);
  const org = await createOrg(t, boot.globalKey);
  const groupId = (await createProject(t, boot.globalKey, org.id)).id;
  const created = await call('PUT', `${t.apiUrl}/groups/${groupId}/integrations/PROMETHEUS`, {
    auth: boot.globalKey,
    body: {
      type: 'PROMETHEUS',
      username: PROMETHEUS_USER,
      password: PROMETHEUS_PASSWORD,
      listenAddress: '0.0.0.0:9216',
      serviceDiscovery: 'http',
      scheme: 'http',
      enabled: true,
    },
  });
  if (created.status !== 200)
    throw new Error(`PUT PROMETHEUS integration: ${created.status} ${created.text}`);
  return groupId;
}
