import fc from 'fast-check';
import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../src/platform/clock/clock';
import { HttpReceiver } from '../support/receivers/http-receiver';
import type { TestApp } from '../support/test-app';
import {
  deployment,
  hostReport,
  monitoringReport,
  report,
  type Deployment,
} from '../e2e/automation/automation.fixture';
import {
  createAlertConfig,
  deliveriesEnv,
  deliveriesOf,
  policyOf,
  startDeliveriesApp,
  startInstance,
  workerOf,
} from '../e2e/deliveries/deliveries.fixture';
import {
  folded,
  isPrefix,
  newDeliveryModel,
  reportHost,
  type DeliveryModel,
  type EventKind,
} from './support/delivery-model';
import { runModel } from './support/model-run';

// Model-based test of the delivery queue through change: hosts going down and up (each HOST_DOWN alert
// queues its open and then its close for a webhook), the receiver refusing some calls (503: retried after
// a backoff of at most a minute), time passing, and deliveries run by one instance or by two at once.
// After every run of the workers, each alert's messages reached the receiver in the order they were
// queued (retries side by side), every one that was due went through unless a refusal held it back, no
// message succeeded twice and each call is one logged attempt. Fixed seed in CI; MODEL_SEED=random (or a
// number) and MODEL_RUNS explore.
const SEED = 20261128;
const RUNS = 60;
const MAX_STEPS = 25;
const HOSTS = 3;
// Longer than the longest backoff: every refused message is due again.
const TICK_MS = 61_000;

interface Real {
  t: TestApp;
  other: INestApplication;
  clock: ManualClock;
  receiver: HttpReceiver;
  d: Deployment;
  configId: string;
  path: string;
  down: boolean[];
}

const hostname = (host: number) => `dq${host}.example.com`;

// One report of every host's state: an agent that goes on reporting, so no host goes unwatched.
async function reportAll(real: Real): Promise<void> {
  await report(
    real.t,
    real.d,
    monitoringReport(real.down.map((down, host) => hostReport({ hostname: hostname(host), up: !down }))),
  );
}

// What the receiver got on this sequence's path, per host, per alert (oldest alert first).
function received(real: Real): EventKind[][][] {
  const byAlert = new Map<string, { host: number; events: EventKind[] }>();
  for (const request of real.receiver.requests.filter((r) => r.path === real.path)) {
    const body = request.json() as { id: string; hostnameAndPort: string };
    const host = Number(/^dq(\d+)\./.exec(body.hostnameAndPort)?.[1]);
    const entry = byAlert.get(body.id) ?? { host, events: [] };
    entry.events.push(request.headers['x-mms-event'] as EventKind);
    byAlert.set(body.id, entry);
  }
  const perHost: EventKind[][][] = Array.from({ length: HOSTS }, () => []);
  // Object ids grow with time: the alerts of a host in the order they opened.
  for (const [, { host, events }] of [...byAlert].sort(([a], [b]) => a.localeCompare(b))) {
    perHost[host].push(events);
  }
  return perHost;
}

async function checkDelivered(model: DeliveryModel, real: Real, allThrough: boolean): Promise<void> {
  const got = received(real).map(folded);
  for (let host = 0; host < HOSTS; host += 1) {
    const queued = model.queued[host];
    if (allThrough) {
      expect({ host, got: got[host] }).toEqual({ host, got: queued });
    } else {
      expect({ host, alerts: got[host].length <= queued.length }).toEqual({ host, alerts: true });
      got[host].forEach((events, alert) =>
        expect({ host, alert, prefix: isPrefix(events, queued[alert]) }).toEqual({
          host,
          alert,
          prefix: true,
        }),
      );
    }
  }
  // Each call is one logged attempt, and a message succeeds once.
  const logged = (await deliveriesOf(real.t, real.d.readOnly, real.d.groupId)).filter(
    (delivery) => delivery.alertConfigId === real.configId,
  );
  const calls = real.receiver.requests.filter((r) => r.path === real.path).length;
  expect(logged.reduce((sum, delivery) => sum + delivery.attempts.length, 0)).toBe(calls);
  for (const delivery of logged) {
    expect(delivery.attempts.filter((attempt) => attempt.outcome === 'SUCCEEDED').length).toBeLessThanOrEqual(
      1,
    );
  }
}

class Report implements fc.AsyncCommand<DeliveryModel, Real> {
  constructor(
    private readonly host: number,
    private readonly down: boolean,
  ) {}
  check = () => true;
  async run(model: DeliveryModel, real: Real): Promise<void> {
    reportHost(model, this.host, this.down);
    real.down[this.host] = this.down;
    await reportAll(real);
  }
  toString = () => `report host ${this.host} ${this.down ? 'down' : 'up'}`;
}

class Refuse implements fc.AsyncCommand<DeliveryModel, Real> {
  constructor(private readonly calls: number) {}
  check = () => true;
  run(model: DeliveryModel, real: Real): Promise<void> {
    model.refusalsLeft += this.calls;
    real.receiver.respondWith(
      ...Array.from({ length: this.calls }, () => ({ status: 503, path: real.path })),
    );
    return Promise.resolve();
  }
  toString = () => `refuse the next ${this.calls} calls`;
}

// Time passes (the agent goes on reporting), then the due notifications are queued and the queue is run
// by one instance, or by both at once.
class Deliver implements fc.AsyncCommand<DeliveryModel, Real> {
  constructor(private readonly both: boolean) {}
  check = () => true;
  async run(model: DeliveryModel, real: Real): Promise<void> {
    real.clock.advance(TICK_MS);
    await reportAll(real);
    await policyOf(real.t.app).runSweep();
    const before = real.receiver.requests.filter((r) => r.path === real.path).length;
    await Promise.all([workerOf(real.t.app).runDue(), ...(this.both ? [workerOf(real.other).runDue()] : [])]);
    const calls = real.receiver.requests.filter((r) => r.path === real.path).length - before;
    // Refusals are used up by the calls in the order they come; a run made no more calls than messages
    // and refusals together, so those left over are known once the run is over.
    const refused = Math.min(model.refusalsLeft, calls);
    model.refusalsLeft -= refused;
    await checkDelivered(model, real, refused === 0);
  }
  toString = () => `deliver on ${this.both ? 'both instances' : 'one instance'}`;
}

const host = fc.integer({ min: 0, max: HOSTS - 1 });
const hostChange = fc.tuple(host, fc.boolean()).map(([h, down]) => new Report(h, down));
const run = fc.boolean().map((both) => new Deliver(both));
// Reports and runs twice as often as refusals.
const commands = [
  hostChange,
  hostChange,
  fc.integer({ min: 1, max: 3 }).map((calls) => new Refuse(calls)),
  run,
  run,
];

describe('POST /agents/v1/groups/{groupId}/reports (delivery queue model, one and two instances)', () => {
  const clock = new ManualClock(new Date('2026-02-02T08:00:00Z'));
  let receiver: HttpReceiver;
  let t: TestApp;
  let other: INestApplication;
  let sequence = 0;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    t = await startDeliveriesApp(clock, receiver);
    other = await startInstance(t, clock, deliveriesEnv(receiver));
  });

  afterAll(async () => {
    await other?.close();
    await t?.close();
    await receiver?.close();
  });

  // A project, its HOST_DOWN configuration posting to a path of its own, and its hosts up. What an earlier
  // sequence left queued (refusals included) goes to that sequence's path and is not counted here.
  async function setup(): Promise<{ model: DeliveryModel; real: Real }> {
    sequence += 1;
    clock.advance(60 * 60_000);
    const d = await deployment(t);
    const path = `/dq/${sequence}`;
    const configId = await createAlertConfig(t, d.monitoringAdmin, d.groupId, [
      { typeName: 'WEBHOOK', webhookUrl: receiver.url(path), delayMin: 0, intervalMin: 1440 },
    ]);
    const down = Array.from({ length: HOSTS }, () => false);
    const real: Real = { t, other, clock, receiver, d, configId, path, down };
    await reportAll(real);
    return { model: newDeliveryModel(HOSTS), real };
  }

  it(
    'should deliver each alert’s messages in order and once as the model says while hosts change, calls are refused and two instances run the queue',
    () => runModel('delivery queue model', commands, setup, { seed: SEED, runs: RUNS, maxSteps: MAX_STEPS }),
    20 * 60_000,
  );
});
