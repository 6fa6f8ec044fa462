import type { Credentials } from '../../support/digest-client';
import type { HttpReceiver } from '../../support/receivers/http-receiver';
import {
  configOf,
  deliverable,
  openAlerts,
  type AlertModel,
  type EndedAlert,
  type ModelAlert,
} from './alert-model';
import { hostOfAddress, readReceived, type ModelService, type Received } from './alert-model-real';
import { MINUTE } from '../../support/time';

export interface ModelReal {
  service: ModelService;
  receiver: HttpReceiver;
  auth: Credentials;
  groupId: string;
  agentKey: string;
  // The sequence's project user and organization team, named by configurations with `people`.
  username: string;
  userId: string;
  orgId: string;
  teamId: string;
  // Receiver paths of this sequence start with it; configuration key -> id.
  pathPrefix: string;
  configIds: Map<string, string>;
  // How many of the receiver's requests were already read.
  seen: number;
}

interface ApiAlert {
  id: string;
  alertConfigId: string;
  status: string;
  hostnameAndPort?: string;
}

// After each step: let the timers' work happen, then compare the service's alerts and the receiver's
// calls with the model. Throws with what differs.
export async function settleAndCompare(model: AlertModel, real: ModelReal): Promise<void> {
  if (!model.projectDeleted) await real.service.settle();
  else await real.service.settle().catch(() => undefined);
  if (!model.projectDeleted) await compareAlerts(model, real);
  compareReceived(model, real);
  model.endedThisStep = [];
  model.acknowledgedThisStep = [];
}

async function compareAlerts(model: AlertModel, real: ModelReal): Promise<void> {
  const response = await real.service.expect<{ results: ApiAlert[] }>(
    'GET',
    `/groups/${real.groupId}/alerts?itemsPerPage=500`,
    real.auth,
    200,
  );
  const keyOfId = new Map([...real.configIds.entries()].map(([key, id]) => [id, key]));
  const live = response.body.results.filter(
    (alert) => keyOfId.has(alert.alertConfigId) && (alert.status === 'OPEN' || alert.status === 'TRACKING'),
  );
  const byId = new Map(response.body.results.map((alert) => [alert.id, alert]));
  const problems: string[] = [];
  const claimed = new Set<string>();
  for (const expected of openAlerts(model)) {
    const configId = real.configIds.get(expected.configKey);
    const matching = live.filter(
      (alert) => alert.alertConfigId === configId && hostOfAddress(alert.hostnameAndPort) === expected.host,
    );
    if (matching.length !== 1) {
      problems.push(
        `${expected.configKey}/${expected.host}: expected one OPEN alert, found ${matching.length}`,
      );
      continue;
    }
    const [alert] = matching;
    claimed.add(alert.id);
    if (alert.status !== 'OPEN') problems.push(`${alert.id}: expected OPEN, found ${alert.status}`);
    if (expected.id === undefined) expected.id = alert.id;
    else if (expected.id !== alert.id) {
      problems.push(`${expected.configKey}/${expected.host}: alert ${expected.id} replaced by ${alert.id}`);
    }
  }
  for (const alert of live.filter((candidate) => !claimed.has(candidate.id))) {
    problems.push(`unexpected ${alert.status} alert ${alert.id} of ${keyOfId.get(alert.alertConfigId)}`);
  }
  for (const { alert, ending } of model.endedThisStep) {
    const status = alert.id === undefined ? undefined : byId.get(alert.id)?.status;
    const allowed =
      ending === 'alert.close'
        ? ['CLOSED']
        : ending === 'alert.cancel'
          ? ['CANCELLED']
          : ['CLOSED', 'CANCELLED'];
    if (status === undefined || !allowed.includes(status)) {
      problems.push(`ended alert ${alert.id}: expected ${allowed.join('/')}, found ${status}`);
    }
  }
  if (problems.length > 0) throw new Error(`alerts differ from the model:\n  ${problems.join('\n  ')}`);
}

function compareReceived(model: AlertModel, real: ModelReal): void {
  const fresh = real.receiver.requests
    .slice(real.seen)
    .filter((request) => request.path.startsWith(real.pathPrefix))
    .map(readReceived);
  real.seen = real.receiver.requests.length;
  const problems: string[] = [];
  const byId = new Map(openAlerts(model).map((alert) => [alert.id, alert]));
  const endedById = new Map(model.endedThisStep.map((ended) => [ended.alert.id, ended]));
  const acknowledged = new Set(model.acknowledgedThisStep.map((alert) => alert.id));
  const got = (alertId: string | undefined, kind: string): Received[] =>
    fresh.filter((message) => message.alertId === alertId && message.kind === kind);

  for (const message of fresh) {
    const expectedPath = pathOf(real, message.alertId, model);
    if (expectedPath !== undefined && message.path !== expectedPath) {
      problems.push(`${message.kind} for ${message.alertId} reached ${message.path}, not ${expectedPath}`);
    }
    if (!String(message.body.links ? JSON.stringify(message.body.links) : '').includes('dms.model.example')) {
      problems.push(`${message.kind} for ${message.alertId} links outside PUBLIC_BASE_URL`);
    }
    if (message.kind === 'alert.open') checkOpen(model, byId.get(message.alertId), message, problems);
    else if (message.kind === 'alert.acknowledge') {
      if (!acknowledged.has(message.alertId))
        problems.push(`unexpected alert.acknowledge for ${message.alertId}`);
    } else if (message.kind === 'alert.close' || message.kind === 'alert.cancel') {
      checkEnding(endedById.get(message.alertId), message, problems);
    } else problems.push(`unexpected ${message.kind} for ${message.alertId}`);
  }
  for (const alert of openAlerts(model)) {
    const opens = got(alert.id, 'alert.open');
    if (opens.length > 1) problems.push(`${opens.length} alert.open for ${alert.id} in one step`);
    if (opens.length > 0) {
      alert.notified = true;
      alert.lastOpenAt = model.now;
      alert.intervals = [configOf(model, alert.configKey).intervalMin];
    } else if (deliverable(model, alert) && repeatDue(model, alert)) {
      problems.push(`no alert.open for ${alert.id} (${alert.configKey}/${alert.host}) although it is due`);
    }
  }
  for (const alert of model.acknowledgedThisStep.filter((candidate) => candidate.notified)) {
    if (got(alert.id, 'alert.acknowledge').length !== 1)
      problems.push(`expected one alert.acknowledge for ${alert.id}`);
  }
  for (const { alert, ending } of model.endedThisStep.filter((ended) => ended.alert.notified)) {
    const endings = fresh.filter(
      (message) =>
        message.alertId === alert.id && (message.kind === 'alert.close' || message.kind === 'alert.cancel'),
    );
    if (endings.length !== 1) problems.push(`expected one ${ending} for ${alert.id}, got ${endings.length}`);
  }
  if (problems.length > 0) throw new Error(`receiver differs from the model:\n  ${problems.join('\n  ')}`);
}

function repeatDue(model: AlertModel, alert: ModelAlert): boolean {
  if (alert.lastOpenAt === null) return true;
  return model.now - alert.lastOpenAt >= Math.max(...alert.intervals) * MINUTE;
}

function checkOpen(
  model: AlertModel,
  alert: ModelAlert | undefined,
  message: Received,
  problems: string[],
): void {
  if (alert === undefined) {
    problems.push(`alert.open for ${message.alertId}, which the model has not open`);
    return;
  }
  if (!deliverable(model, alert)) problems.push(`alert.open for ${alert.id} while it is silenced`);
  if (alert.lastOpenAt !== null && model.now - alert.lastOpenAt < Math.min(...alert.intervals) * MINUTE) {
    problems.push(`alert.open for ${alert.id} before its interval`);
  }
}

function checkEnding(ended: EndedAlert | undefined, message: Received, problems: string[]): void {
  if (ended === undefined || !ended.alert.notified) {
    problems.push(`${message.kind} for ${message.alertId}, which the model did not end after notifying`);
    return;
  }
  if (ended.ending !== 'either' && ended.ending !== message.kind) {
    problems.push(`${message.kind} for ${message.alertId}, expected ${ended.ending}`);
  }
}

function pathOf(real: ModelReal, alertId: string, model: AlertModel): string | undefined {
  const alert =
    openAlerts(model).find((candidate) => candidate.id === alertId) ??
    model.endedThisStep.find((ended) => ended.alert.id === alertId)?.alert;
  return alert === undefined ? undefined : `${real.pathPrefix}/${alert.configKey}`;
}
