import type { INestApplication } from '@nestjs/common';
import { performance } from 'node:perf_hooks';
import { SystemClock } from '../../../src/platform/clock/clock';
import { alertsOf } from '../../support/factories/alerting.fixture';
import { bootstrapFirstUser, createOrg, createProject } from '../../support/factories/identity.fixture';
import { eventually } from '../../support/eventually';
import { HttpReceiver } from '../../support/receivers/http-receiver';
import { startTestApp, type TestApp } from '../../support/test-app';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  hostDownAlert,
  startInstance,
  workerOf,
} from './deliveries.fixture';

// One organization with six projects posting to webhooks that never answer must not hold every delivery
// slot, nor delay another organization's delivery behind its own. Two instances run the worker on real
// timers (a 100 ms poll and the wake-up at commit), ten slots each: six projects at four calls each would
// fill all twenty. The unresponsive calls last until OUTBOUND_TIMEOUT_MS (60 s), far beyond this test.

const PROJECTS = 6;
const ALERTS_PER_PROJECT = 10;
const PROJECT_CAP = 4;
const ORG_CAP = 10;
const OUTBOUND_TIMEOUT_MS = 60_000;

describe('GET /groups/{groupId}/deliveries while another organization floods unresponsive receivers', () => {
  let t: TestApp;
  let second: INestApplication;
  let silent: HttpReceiver;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    silent = await HttpReceiver.start();
    silent.respondByDefault({ status: 200, delayMs: 10 * OUTBOUND_TIMEOUT_MS });
    receiver = await HttpReceiver.start();
    const env = {
      ...deliveriesEnv(receiver),
      DELIVERY_POLL_MS: '100',
      OUTBOUND_TIMEOUT_MS: String(OUTBOUND_TIMEOUT_MS),
      DELIVERY_CONCURRENCY: '10',
      DELIVERY_PROJECT_CONCURRENCY: String(PROJECT_CAP),
      DELIVERY_ORG_CONCURRENCY: String(ORG_CAP),
    };
    t = await startTestApp(env);
    second = await startInstance(t, new SystemClock(), env);
  });

  afterAll(async () => {
    // The silent receiver's connections are cut first, so the instances' calls end at once.
    await silent.close();
    await second.close();
    await t.close();
    await receiver.close();
  });

  it("should deliver another organization's notification while the neighbour's are all still hanging", async () => {
    const boot = await bootstrapFirstUser(t);
    const admin = boot.globalKey;
    const neighbour = await createOrg(t, admin);
    const configs: Array<{ groupId: string; configId: string }> = [];
    for (let i = 0; i < PROJECTS; i++) {
      const { id: groupId } = await createProject(t, admin, neighbour.id);
      const configId = await createAlertConfig(t, admin, groupId, [
        { typeName: 'WEBHOOK', webhookUrl: silent.url(`/never/${i}`), delayMin: 0, intervalMin: 60 },
      ]);
      configs.push({ groupId, configId });
    }
    // Round after round over the projects, so every project has deliveries due from the start.
    for (let round = 0; round < ALERTS_PER_PROJECT; round++) {
      for (const { groupId, configId } of configs) await alertsOf(t).open(hostDownAlert(groupId, configId));
    }
    await eventually(
      "the neighbour's calls hanging",
      () => (silent.requests.length >= ORG_CAP ? true : undefined),
      10_000,
    );

    const quietOrg = await createOrg(t, admin);
    const { id: quietGroup } = await createProject(t, admin, quietOrg.id);
    const quietConfig = await createAlertConfig(t, admin, quietGroup, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url('/quiet'), delayMin: 0, intervalMin: 60 },
    ]);
    const opened = performance.now();
    const alert = await alertsOf(t).open(hostDownAlert(quietGroup, quietConfig));
    const delivered = await eventually(
      "the other organization's delivery",
      async () => {
        const [delivery] = await deliveriesOf(t, admin, quietGroup);
        return delivery?.status === 'SUCCEEDED' ? delivery : undefined;
      },
      5_000,
    );
    const delayMs = Math.round(performance.now() - opened);
    expect(delivered.alertId).toBe(alert.id);
    expect(receiver.requests.map((request) => request.path)).toEqual(['/quiet']);

    // Every neighbour delivery is still pending; those claimed (one attempt counted) are the ones hanging:
    // exactly the organization's cap across both instances, shared between its projects in turn.
    const claimedPerProject: number[] = [];
    for (const { groupId } of configs) {
      const deliveries = await deliveriesOf(t, admin, groupId);
      expect(deliveries).toHaveLength(ALERTS_PER_PROJECT);
      expect(deliveries.every((delivery) => delivery.status === 'PENDING')).toBe(true);
      claimedPerProject.push(deliveries.filter((delivery) => delivery.attemptCount === 1).length);
    }
    expect(claimedPerProject.reduce((sum, n) => sum + n, 0)).toBe(ORG_CAP);
    expect(Math.max(...claimedPerProject) - Math.min(...claimedPerProject)).toBeLessThanOrEqual(1);
    expect(silent.requests).toHaveLength(ORG_CAP);
    expect(workerOf(t.app).attemptsInFlight + workerOf(second).attemptsInFlight).toBe(ORG_CAP);
    console.log(
      `fairness figure: another organization's delivery succeeded ${delayMs} ms after its alert opened, ` +
        `with ${PROJECTS * ALERTS_PER_PROJECT} deliveries of a ${PROJECTS}-project neighbour pending and ` +
        `${ORG_CAP} of them hanging over 2 instances`,
    );
  });
});
