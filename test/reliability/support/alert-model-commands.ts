import fc from 'fast-check';
import type { ManualClock } from '../../../src/platform/clock/clock';
import {
  CONNECTION_VALUES,
  FOREVER_MS,
  HOSTS,
  INTERVALS,
  MAX_CONFIGS,
  THRESHOLDS,
  openAlerts,
  namedBy,
  reconcile,
  type AlertModel,
  type ConfigShape,
  type HostName,
  type HostState,
  type ModelConfig,
} from './alert-model';
import { configBody, type NamedPeople } from './alert-model-real';
import { settleAndCompare, type ModelReal } from './alert-model-check';
import { MINUTE, isoSeconds } from '../../support/time';

type Command = fc.AsyncCommand<AlertModel, ModelReal>;

const liveConfigs = (model: Readonly<AlertModel>): ModelConfig[] =>
  model.configs.filter((config) => !config.deleted);
// The people a configuration written now names: those of the sequence that still exist.
function peopleOf(model: Readonly<AlertModel>, real: ModelReal, shape: ConfigShape): NamedPeople {
  if (!shape.people) return {};
  return {
    ...(model.userDeleted ? {} : { username: real.username }),
    ...(model.teamDeleted ? {} : { teamId: real.teamId }),
  };
}

function written(shape: ConfigShape, people: NamedPeople) {
  return { ...shape, namesUser: people.username !== undefined, namesTeam: people.teamId !== undefined };
}

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];

// Every step moves the clock a second first, so two reports never share a timestamp.
abstract class Step implements Command {
  constructor(protected readonly clock: ManualClock) {}
  check(model: Readonly<AlertModel>): boolean {
    return !model.projectDeleted && this.allowed(model);
  }
  protected allowed(_model: Readonly<AlertModel>): boolean {
    return true;
  }
  async run(model: AlertModel, real: ModelReal): Promise<void> {
    this.clock.advance(1000);
    model.now = this.clock.now().getTime();
    await this.act(model, real);
    await settleAndCompare(model, real);
  }
  protected abstract act(model: AlertModel, real: ModelReal): Promise<void>;
  abstract toString(): string;
}

class CreateConfig extends Step {
  constructor(
    clock: ManualClock,
    private readonly shape: ConfigShape,
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return liveConfigs(model).length < MAX_CONFIGS;
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const key = `c${model.configs.length}`;
    const url = real.receiver.url(`${real.pathPrefix}/${key}`);
    const people = peopleOf(model, real, this.shape);
    const response = await real.service.expect<{ id: string }>(
      'POST',
      `/groups/${real.groupId}/alertConfigs`,
      real.auth,
      201,
      configBody(this.shape, url, true, people),
    );
    real.configIds.set(key, response.body.id);
    model.configs.push({ ...written(this.shape, people), key, enabled: true, deleted: false });
    reconcile(model, () => 'either');
  }
  toString(): string {
    return `create(${JSON.stringify(this.shape)})`;
  }
}

type Change = 'intervalMin' | 'threshold' | 'matcher' | 'kind' | 'people';

class EditConfig extends Step {
  constructor(
    clock: ManualClock,
    private readonly index: number,
    private readonly change: Change,
    private readonly value: number,
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return liveConfigs(model).length > 0;
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const config = pick(liveConfigs(model), this.index);
    const next: ConfigShape = {
      kind: config.kind,
      threshold: config.threshold,
      matcherHost: config.matcherHost,
      intervalMin: config.intervalMin,
      people: config.people,
    };
    if (this.change === 'intervalMin') next.intervalMin = pick(INTERVALS, this.value);
    if (this.change === 'threshold') next.threshold = pick(THRESHOLDS, this.value);
    if (this.change === 'matcher') next.matcherHost = pick([undefined, ...HOSTS], this.value);
    if (this.change === 'kind') next.kind = config.kind === 'HOST_DOWN' ? 'METRIC' : 'HOST_DOWN';
    if (this.change === 'people') next.people = !config.people;
    const url = real.receiver.url(`${real.pathPrefix}/${config.key}`);
    const people = peopleOf(model, real, next);
    await real.service.expect(
      'PUT',
      `/groups/${real.groupId}/alertConfigs/${real.configIds.get(config.key)}`,
      real.auth,
      200,
      configBody(next, url, config.enabled, people),
    );
    if (next.kind !== config.kind) {
      // Another type: the old alerts no longer apply; the new type's open anew.
      const enabled = config.enabled;
      config.enabled = false;
      reconcile(model, () => 'either');
      config.enabled = enabled;
    }
    Object.assign(config, written(next, people));
    for (const alert of openAlerts(model).filter((candidate) => candidate.configKey === config.key)) {
      alert.intervals.push(config.intervalMin);
    }
    reconcile(model, () => 'either');
  }
  toString(): string {
    return `edit(#${this.index} ${this.change}=${this.value})`;
  }
}

class ToggleConfig extends Step {
  constructor(
    clock: ManualClock,
    private readonly index: number,
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return liveConfigs(model).length > 0;
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const config = pick(liveConfigs(model), this.index);
    await real.service.expect(
      'PATCH',
      `/groups/${real.groupId}/alertConfigs/${real.configIds.get(config.key)}`,
      real.auth,
      200,
      { enabled: !config.enabled },
    );
    config.enabled = !config.enabled;
    reconcile(model, () => 'alert.cancel');
  }
  toString(): string {
    return `toggle(#${this.index})`;
  }
}

class DeleteConfig extends Step {
  constructor(
    clock: ManualClock,
    private readonly index: number,
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return liveConfigs(model).length > 0;
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const config = pick(liveConfigs(model), this.index);
    await real.service.expect(
      'DELETE',
      `/groups/${real.groupId}/alertConfigs/${real.configIds.get(config.key)}`,
      real.auth,
      204,
    );
    config.deleted = true;
    reconcile(model, () => 'alert.cancel');
  }
  toString(): string {
    return `deleteConfig(#${this.index})`;
  }
}

class Report extends Step {
  constructor(
    clock: ManualClock,
    private readonly states: Record<HostName, HostState>,
  ) {
    super(clock);
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    for (const host of HOSTS) {
      const state = this.states[host];
      // A down host reports no measurement and keeps its last value.
      model.hosts[host] = {
        up: state.up,
        connections: state.up ? state.connections : model.hosts[host].connections,
      };
    }
    await real.service.report(real.groupId, real.agentKey, this.states, this.clock.now());
    reconcile(model, () => 'alert.close');
  }
  toString(): string {
    return `report(${HOSTS.map((host) => `${host}:${this.states[host].up ? this.states[host].connections : 'down'}`).join(',')})`;
  }
}

class MaintenanceWindow extends Step {
  constructor(
    clock: ManualClock,
    private readonly minutes: number,
  ) {
    super(clock);
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const end = model.now + this.minutes * MINUTE;
    await real.service.expect('POST', `/groups/${real.groupId}/maintenanceWindows`, real.auth, 200, {
      startDate: isoSeconds(new Date(model.now)),
      endDate: isoSeconds(new Date(end)),
      alertTypeNames: ['HOST'],
      description: 'model',
    });
    model.windows.push({ start: model.now, end });
  }
  toString(): string {
    return `window(${this.minutes} min)`;
  }
}

class Acknowledge extends Step {
  constructor(
    clock: ManualClock,
    private readonly index: number,
    private readonly forMs: number,
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return model.open.size > 0;
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const alert = pick(openAlerts(model), this.index);
    const until = model.now + this.forMs;
    await real.service.expect('PATCH', `/groups/${real.groupId}/alerts/${alert.id}`, real.auth, 200, {
      acknowledgedUntil: isoSeconds(new Date(until)),
      acknowledgementComment: 'model',
    });
    alert.ackUntil = Math.floor(until / 1000) * 1000;
    if (alert.notified) model.acknowledgedThisStep.push(alert);
  }
  toString(): string {
    return `ack(#${this.index}, ${this.forMs === FOREVER_MS ? 'forever' : `${this.forMs / MINUTE} min`})`;
  }
}

class Unacknowledge extends Step {
  constructor(
    clock: ManualClock,
    private readonly index: number,
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return openAlerts(model).some((alert) => alert.ackUntil !== null && alert.ackUntil > model.now);
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const acked = openAlerts(model).filter((alert) => alert.ackUntil !== null && alert.ackUntil > model.now);
    const alert = pick(acked, this.index);
    await real.service.expect('PATCH', `/groups/${real.groupId}/alerts/${alert.id}`, real.auth, 200, {
      acknowledgedUntil: null,
    });
    alert.ackUntil = null;
  }
  toString(): string {
    return `unack(#${this.index})`;
  }
}

class Advance extends Step {
  constructor(
    clock: ManualClock,
    private readonly minutes: number,
  ) {
    super(clock);
  }
  protected act(): Promise<void> {
    this.clock.advance(this.minutes * MINUTE);
    return Promise.resolve();
  }
  override async run(model: AlertModel, real: ModelReal): Promise<void> {
    this.clock.advance(1000);
    await this.act();
    model.now = this.clock.now().getTime();
    await settleAndCompare(model, real);
  }
  toString(): string {
    return `advance(${this.minutes} min)`;
  }
}

class Restart extends Step {
  protected async act(_model: AlertModel, real: ModelReal): Promise<void> {
    await real.service.restart();
  }
  toString(): string {
    return 'restart';
  }
}

// Deleting the sequence's user or team is refused while a stored configuration names them.
class DeletePerson extends Step {
  constructor(
    clock: ManualClock,
    private readonly who: 'user' | 'team',
  ) {
    super(clock);
  }
  protected override allowed(model: Readonly<AlertModel>): boolean {
    return this.who === 'user' ? !model.userDeleted : !model.teamDeleted;
  }
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    const path = this.who === 'user' ? `/users/${real.userId}` : `/orgs/${real.orgId}/teams/${real.teamId}`;
    const refused = namedBy(model, this.who);
    await real.service.expect('DELETE', path, real.auth, refused ? 409 : 204);
    if (refused) return;
    if (this.who === 'user') model.userDeleted = true;
    else model.teamDeleted = true;
  }
  toString(): string {
    return `delete(${this.who})`;
  }
}

class DeleteProject extends Step {
  protected async act(model: AlertModel, real: ModelReal): Promise<void> {
    await real.service.expect('DELETE', `/groups/${real.groupId}`, real.auth, 200);
    for (const alert of openAlerts(model)) model.endedThisStep.push({ alert, ending: 'alert.cancel' });
    model.open.clear();
    model.projectDeleted = true;
  }
  toString(): string {
    return 'deleteProject';
  }
}

const hostState = fc.record({ up: fc.boolean(), connections: fc.constantFrom(...CONNECTION_VALUES) });
const shape = fc.record({
  kind: fc.constantFrom<'HOST_DOWN' | 'METRIC'>('HOST_DOWN', 'METRIC'),
  threshold: fc.constantFrom(...THRESHOLDS),
  matcherHost: fc.constantFrom<HostName | undefined>(undefined, ...HOSTS),
  intervalMin: fc.constantFrom(...INTERVALS),
  people: fc.boolean(),
});
const index = fc.nat({ max: 5 });

// One weighted choice per step: reports and edits are the common case; a restart (about 1.5 s) and the
// project's deletion (which ends the sequence) are rare.
export function alertModelCommands(clock: ManualClock): Array<fc.Arbitrary<Command>> {
  const states = fc.record({ h0: hostState, h1: hostState });
  return [
    fc.oneof(
      { weight: 6, arbitrary: shape.map((value): Command => new CreateConfig(clock, value)) },
      {
        weight: 8,
        arbitrary: fc
          .tuple(
            index,
            fc.constantFrom<Change>('intervalMin', 'threshold', 'matcher', 'kind', 'people'),
            fc.nat({ max: 2 }),
          )
          .map(([at, change, value]): Command => new EditConfig(clock, at, change, value)),
      },
      { weight: 4, arbitrary: index.map((at): Command => new ToggleConfig(clock, at)) },
      { weight: 2, arbitrary: index.map((at): Command => new DeleteConfig(clock, at)) },
      { weight: 10, arbitrary: states.map((value): Command => new Report(clock, value)) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(3, 10).map((minutes): Command => new MaintenanceWindow(clock, minutes)),
      },
      {
        weight: 4,
        arbitrary: fc
          .tuple(index, fc.constantFrom(2 * MINUTE, 10 * MINUTE, FOREVER_MS))
          .map(([at, forMs]): Command => new Acknowledge(clock, at, forMs)),
      },
      { weight: 2, arbitrary: index.map((at): Command => new Unacknowledge(clock, at)) },
      {
        weight: 6,
        arbitrary: fc.constantFrom(1, 4, 7, 16).map((minutes): Command => new Advance(clock, minutes)),
      },
      { weight: 1, arbitrary: fc.constant(null).map((): Command => new Restart(clock)) },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom<'user' | 'team'>('user', 'team')
          .map((who): Command => new DeletePerson(clock, who)),
      },
      { weight: 1, arbitrary: fc.constant(null).map((): Command => new DeleteProject(clock)) },
    ),
  ];
}
