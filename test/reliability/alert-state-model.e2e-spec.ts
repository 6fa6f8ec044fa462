// test-order: long (about 320 s)
import { ManualClock } from '../../src/platform/clock/clock';
import type { Credentials } from '../support/digest-client';
import { bootstrapFirstUser, createOrg, createUser } from '../support/factories/identity.fixture';
import { HttpReceiver } from '../support/receivers/http-receiver';
import { createAgentKey } from '../e2e/automation/automation.fixture';
import { newModel, type AlertModel } from './support/alert-model';
import { alertModelCommands } from './support/alert-model-commands';
import { settleAndCompare, type ModelReal } from './support/alert-model-check';
import { ModelService } from './support/alert-model-real';
import { runModel } from './support/model-run';

// Model-based test of alert state through change: random sequences of configuration creates, edits (each
// field), disables, enables and deletions, agent reports (hosts up and down, metric values), maintenance
// windows, acknowledgements with and without expiry, time passing, restarts of the service, the deletion of
// a user and a team that configurations may name (refused while named) and the project's deletion, each run against the real service over HTTP and a small reference model
// (support/alert-model.ts). After every step the open alerts (and their ids: an edit that keeps an alert
// keeps its id) and every webhook call (open, repeat, acknowledge, close, cancel; links on PUBLIC_BASE_URL)
// must be what the model says. Fixed seed in CI; MODEL_SEED=random (or a number) and MODEL_RUNS explore;
// MODEL_PATH replays one failure (fast-check's path) and MODEL_SHRINK=true shrinks it.
const SEED = 20261127;
const RUNS = 200;
const MAX_STEPS = 25;

describe('PUT /api/public/v1.0/groups/{groupId}/alertConfigs/{alertConfigId} (alert state model)', () => {
  const clock = new ManualClock(new Date('2026-01-05T08:00:00Z'));
  let receiver: HttpReceiver;
  let service: ModelService;
  let auth: Credentials;
  let orgId: string;
  let sequence = 0;

  beforeAll(async () => {
    receiver = await HttpReceiver.start();
    service = await ModelService.start(receiver, clock);
    const boot = await bootstrapFirstUser(service.testApp);
    auth = boot.globalKey;
    orgId = (await createOrg(service.testApp, auth)).id;
  });

  afterAll(async () => {
    await service.close();
    await receiver.close();
  });

  async function setup(): Promise<{ model: AlertModel; real: ModelReal }> {
    sequence += 1;
    clock.advance(60 * 60_000);
    const project = await service.expect<{ id: string }>('POST', '/groups', auth, 201, {
      name: `model-${sequence}`,
      orgId,
      withDefaultAlertsSettings: false,
    });
    const groupId = project.body.id;
    const agentKey = await createAgentKey(service.testApp, auth, groupId);
    const { user } = await createUser(service.testApp, auth, [
      { orgId, roleName: 'ORG_MEMBER' },
      { groupId, roleName: 'GROUP_READ_ONLY' },
    ]);
    const team = await service.expect<{ id: string }>('POST', `/orgs/${orgId}/teams`, auth, 201, {
      name: `model-team-${sequence}`,
      usernames: [user.username],
    });
    const model = newModel(clock.now().getTime());
    await service.report(groupId, agentKey.key, model.hosts, clock.now());
    const real: ModelReal = {
      service,
      receiver,
      auth,
      groupId,
      agentKey: agentKey.key,
      username: user.username,
      userId: user.id,
      orgId,
      teamId: team.body.id,
      pathPrefix: `/model/${sequence}`,
      configIds: new Map(),
      seen: receiver.requests.length,
    };
    await settleAndCompare(model, real);
    return { model, real };
  }

  it(
    'should keep alerts and notifications as the model says when configurations, hosts and the project change',
    () =>
      runModel('alert state model', alertModelCommands(clock), setup, {
        seed: SEED,
        runs: RUNS,
        maxSteps: MAX_STEPS,
      }),
    45 * 60_000,
  );
});
