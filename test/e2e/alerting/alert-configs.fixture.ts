import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../src/platform/clock/clock';
import { call, type ApiResponse, type Credentials } from '../../support/digest-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Shared by the alert-configs*.e2e-spec.ts files: an app with its own secrets key, and short HTTP helpers.

export const SECRETS_KEY = randomBytes(32).toString('base64');

export function startConfigsApp(clock?: Clock): Promise<TestApp> {
  return startTestApp({ SECRETS_KEY }, clock);
}

export interface ConfigView {
  id: string;
  groupId: string;
  eventTypeName: string;
  enabled: boolean;
  created: string;
  updated: string;
  matchers: Array<Record<string, string>>;
  metricThreshold?: Record<string, unknown>;
  threshold?: Record<string, unknown>;
  notifications: Array<Record<string, unknown>>;
  links: Array<{ href: string; rel: string }>;
}

export function configsApi(t: TestApp, groupId: string) {
  const base = `${t.apiUrl}/groups/${groupId}/alertConfigs`;
  return {
    base,
    list: (auth: Credentials, query = ''): Promise<ApiResponse> => call('GET', `${base}${query}`, { auth }),
    create: (auth: Credentials, body: unknown): Promise<ApiResponse> => call('POST', base, { auth, body }),
    get: (auth: Credentials, id: string): Promise<ApiResponse> => call('GET', `${base}/${id}`, { auth }),
    replace: (auth: Credentials, id: string, body: unknown): Promise<ApiResponse> =>
      call('PUT', `${base}/${id}`, { auth, body }),
    toggle: (auth: Credentials, id: string, body: unknown): Promise<ApiResponse> =>
      call('PATCH', `${base}/${id}`, { auth, body }),
    remove: (auth: Credentials, id: string): Promise<ApiResponse> =>
      call('DELETE', `${base}/${id}`, { auth }),
    alerts: (auth: Credentials, id: string, query = ''): Promise<ApiResponse> =>
      call('GET', `${base}/${id}/alerts${query}`, { auth }),
  };
}

// A configuration that passes every rule, to be varied by each test.
export function hostDownBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventTypeName: 'HOST_DOWN',
    enabled: true,
    notifications: [{ typeName: 'EMAIL', emailAddress: 'sos@example.com', delayMin: 5, intervalMin: 60 }],
    ...overrides,
  };
}

export function metricBody(
  metricThreshold: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  return hostDownBody({ eventTypeName: 'OUTSIDE_METRIC_THRESHOLD', metricThreshold, ...overrides });
}
