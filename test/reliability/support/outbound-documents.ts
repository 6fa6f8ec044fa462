import { DataSource } from 'typeorm';
import type { ReceivedRequest } from '../../support/receivers/http-receiver';
import type { TestApp } from '../../support/test-app';

export const FORGED_HOST = 'evil.example';
// Both headers a caller (or a proxy the service trusts) could set to name another host.
export const FORGED_HEADERS = { Host: FORGED_HOST, 'X-Forwarded-Host': `forwarded.${FORGED_HOST}` };

export interface StoredDelivery {
  id: string;
  alertId: string;
  eventKind: string;
  // The queued alert document and its context, as stored for the worker (not shown by the delivery log).
  text: string;
  selfHref: string | undefined;
}

// What the queue holds for a project: read back as stored, so what a later attempt or a redelivery
// sends is checked too, not only the first call.
export async function storedDeliveries(t: TestApp, groupId: string): Promise<StoredDelivery[]> {
  const rows: Array<{ id: string; alert_id: string; event_kind: string; alert: unknown; context: unknown }> =
    await t.app
      .get(DataSource)
      .query('SELECT id, alert_id, event_kind, alert, context FROM deliveries WHERE group_id = $1', [
        groupId,
      ]);
  return rows.map((row) => ({
    id: row.id,
    alertId: row.alert_id,
    eventKind: row.event_kind,
    text: JSON.stringify([row.alert, row.context]),
    selfHref: (row.alert as { links?: Array<{ href: string }> }).links?.[0]?.href,
  }));
}

// Everything a receiver got: headers and body.
export function receivedText(requests: ReceivedRequest[]): string {
  return requests.map((request) => `${JSON.stringify(request.headers)}\n${request.text}`).join('\n');
}

export function alertHref(apiBase: string, groupId: string, alertId: string): string {
  return `${apiBase}/groups/${groupId}/alerts/${alertId}`;
}
