import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import type { ApiResponse } from '../../support/digest-client';
import { expectApiError } from '../../support/api-error';
import { eventually } from '../../support/eventually';
import { projectEvents } from '../../support/factories/alerting.fixture';
import type { TestApp } from '../../support/test-app';
import {
  automationAppWithConnection,
  deployment,
  hostReport,
  monitoringReport,
  postReport,
} from './automation.fixture';
import { sessionsWaitingOnLocks } from '../../support/lock-waiters';

// A neighbour organization floods the report queue while another organization's agents keep reporting.
// Default settings: 4 write slots, 32 reports waiting in all. The slots are kept busy by advisory locks
// the test's own connection holds (the lock each report takes for its agent), never by timing: the
// neighbour's first 4 reports (agent a) hold every slot, its next 40 (agent b) fill the queue and
// overflow it.
const SLOTS = 4;
const QUEUE = 32;
const FLOOD = 40;
const QUIET_REPORTS = 3;

describe('POST /agents/v1/groups/{groupId}/reports, one organization flooding the queue', () => {
  let t: TestApp;
  let db: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, db, close } = await automationAppWithConnection({}));
  });

  afterAll(() => close());

  const agentLock = (groupId: string, agent: string) => `automation:agent:${groupId}:${agent}`;
  const statuses = (responses: ApiResponse[]) => responses.map((response) => response.status);

  it("should take and write another organization's reports first while the neighbour's backlog is full, refusing the neighbour beyond its share", async () => {
    const neighbour = await deployment(t);
    const quiet = await deployment(t);
    const post = (d: typeof neighbour, agent: string, host: string) =>
      postReport(
        t,
        d.groupId,
        d.agentKey.key,
        monitoringReport([hostReport({ hostname: host })], { hostname: agent }),
      );
    const lock = (key: string) => db.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
    const unlock = (key: string) => db.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    const lockA = agentLock(neighbour.groupId, 'agent-a.example.com');
    const lockB = agentLock(neighbour.groupId, 'agent-b.example.com');
    await lock(lockA);
    await lock(lockB);
    const neighbourResponses: Array<ApiResponse | undefined> = [];
    const tracked = (index: number, response: Promise<ApiResponse>) =>
      response.then((answer) => (neighbourResponses[index] = answer));
    const refusedSoFar = () => neighbourResponses.filter((response) => response?.status === 503).length;
    let quietResponses: ApiResponse[] = [];
    let quietDelays: number[] = [];
    const neighbourRuns: Array<Promise<ApiResponse>> = [];
    try {
      for (let i = 0; i < SLOTS; i++) {
        neighbourRuns.push(tracked(i, post(neighbour, 'agent-a.example.com', `a${i}.example.com`)));
      }
      await eventually('the neighbour holding every slot', async () =>
        (await sessionsWaitingOnLocks(db)) === SLOTS ? true : undefined,
      );
      for (let i = 0; i < FLOOD; i++) {
        neighbourRuns.push(tracked(SLOTS + i, post(neighbour, 'agent-b.example.com', `b${i}.example.com`)));
      }
      await eventually('the neighbour refused past the full queue', () =>
        refusedSoFar() === FLOOD - QUEUE ? true : undefined,
      );

      // The quiet organization's reports take the places of the neighbour's newest waiting ones.
      const sent = performance.now();
      let released = sent;
      const quietRuns = Array.from({ length: QUIET_REPORTS }, (_, i) =>
        post(quiet, `quiet-${i}.example.com`, `q${i}.example.com`).then((response) => ({
          response,
          delayMs: Math.round(performance.now() - released),
        })),
      );
      const quietDone: Array<{ response: ApiResponse; delayMs: number }> = [];
      quietRuns.forEach((run) => void run.then((done) => quietDone.push(done)));
      await eventually('the neighbour refused in their place', () => {
        expect(statuses(quietDone.map(({ response }) => response))).toEqual([]);
        return refusedSoFar() === FLOOD - QUEUE + QUIET_REPORTS ? true : undefined;
      });
      // Agent a's reports finish one by one; each freed slot goes to the quiet organization, none running,
      // before the neighbour's queue (whose reports of agent b would hold it waiting on their lock).
      released = performance.now();
      await unlock(lockA);
      await eventually("the other organization's reports answered while agent b's lock is held", () =>
        quietDone.length === QUIET_REPORTS ? true : undefined,
      );
      quietResponses = quietDone.map(({ response }) => response);
      quietDelays = quietDone.map(({ delayMs }) => delayMs);
      expect(statuses(quietResponses)).toEqual(Array(QUIET_REPORTS).fill(202));
      // None of the neighbour's queued reports has been written (they wait for agent b's lock).
      expect(neighbourResponses.slice(SLOTS).some((response) => response?.status === 202)).toBe(false);
    } finally {
      await unlock(lockA);
      await unlock(lockB);
    }

    const answered = statuses(await Promise.all(neighbourRuns));
    expect(answered.filter((status) => status === 503)).toHaveLength(FLOOD - QUEUE + QUIET_REPORTS);
    expect(answered.filter((status) => status === 202)).toHaveLength(SLOTS + QUEUE - QUIET_REPORTS);
    const refused = neighbourResponses.find((response) => response?.status === 503)!;
    expect(refused.headers['retry-after']).toBe('10');
    expectApiError(refused, 503, 'REPORTS_BACKLOGGED');
    // Stored exactly what was accepted.
    const hostsOf = async (d: typeof neighbour) =>
      (await projectEvents(t, d.readOnly, d.groupId, 'NEW_HOST')).length;
    expect(await hostsOf(quiet)).toBe(QUIET_REPORTS);
    expect(await hostsOf(neighbour)).toBe(SLOTS + QUEUE - QUIET_REPORTS);
    console.log(
      `report fairness figure: another organization's ${QUIET_REPORTS} reports answered 202 ` +
        `${quietDelays.join(', ')} ms after the neighbour's first slot was freed, with ${QUEUE} of its ` +
        `reports queued and ${FLOOD - QUEUE + QUIET_REPORTS} refused`,
    );
  });
});
