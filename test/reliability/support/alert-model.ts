// The reference model of the alert-state test: which alerts must be open after each step, and which
// notifications each receiver must (and must not) have received. Small on purpose: two hosts, a few
// configurations of two kinds, one webhook receiver per configuration, and the project's other moving
// parts (reports, windows, acknowledgements, time, restarts, deletion) as the documented rules say.

export const HOSTS = ['h0', 'h1'] as const;
export type HostName = (typeof HOSTS)[number];
export const CONNECTION_VALUES = [10, 50, 100] as const;
export const THRESHOLDS = [20, 75] as const;
export const INTERVALS = [5, 15] as const;
export const MAX_CONFIGS = 3;
export const FOREVER_MS = 100 * 365 * 24 * 60 * 60_000;

export type ConfigKind = 'HOST_DOWN' | 'METRIC';
export type Ending = 'alert.close' | 'alert.cancel' | 'either';

export interface HostState {
  up: boolean;
  // The latest reported CONNECTIONS value; a down host keeps its last value.
  connections: number;
}

export interface ConfigShape {
  kind: ConfigKind;
  threshold: number;
  // undefined: every host.
  matcherHost?: HostName;
  intervalMin: number;
  // Whether the configuration also notifies the sequence's user and team (USER and TEAM notifications).
  people: boolean;
}

export interface ModelConfig extends ConfigShape {
  key: string;
  enabled: boolean;
  deleted: boolean;
  // Who its stored notifications name (people, while they existed when it was written).
  namesUser: boolean;
  namesTeam: boolean;
}

export interface ModelAlert {
  configKey: string;
  host: HostName;
  // Learned from the API the first time the alert is seen; must not change while it is open.
  id?: string;
  ackUntil: number | null;
  notified: boolean;
  lastOpenAt: number | null;
  // Every intervalMin in force since the last open notification: a repeat is due between the smallest
  // and the largest of them (an edited interval applies from the next notification).
  intervals: number[];
}

export interface EndedAlert {
  alert: ModelAlert;
  ending: Ending;
}

export interface AlertModel {
  now: number;
  hosts: Record<HostName, HostState>;
  configs: ModelConfig[];
  open: Map<string, ModelAlert>;
  windows: Array<{ start: number; end: number }>;
  projectDeleted: boolean;
  userDeleted: boolean;
  teamDeleted: boolean;
  // Filled by a step, checked and cleared after it.
  endedThisStep: EndedAlert[];
  acknowledgedThisStep: ModelAlert[];
}

export function newModel(now: number): AlertModel {
  return {
    now,
    hosts: { h0: { up: true, connections: 10 }, h1: { up: true, connections: 10 } },
    configs: [],
    open: new Map(),
    windows: [],
    projectDeleted: false,
    userDeleted: false,
    teamDeleted: false,
    endedThisStep: [],
    acknowledgedThisStep: [],
  };
}

const alertKey = (configKey: string, host: HostName): string => `${configKey}|${host}`;

export function holds(model: AlertModel, config: ModelConfig, host: HostName): boolean {
  if (!config.enabled || config.deleted) return false;
  if (config.matcherHost !== undefined && config.matcherHost !== host) return false;
  const state = model.hosts[host];
  return config.kind === 'HOST_DOWN' ? !state.up : state.connections > config.threshold;
}

// Brings the open alerts in line with the world: ends what no longer holds (with `ending`), opens what
// newly holds. Alerts that still hold are kept as they are (id, acknowledgement, schedule).
export function reconcile(model: AlertModel, ending: (config: ModelConfig) => Ending): void {
  for (const config of model.configs) {
    for (const host of HOSTS) {
      const key = alertKey(config.key, host);
      const current = model.open.get(key);
      const should = holds(model, config, host);
      if (current !== undefined && !should) {
        model.open.delete(key);
        model.endedThisStep.push({ alert: current, ending: ending(config) });
      } else if (current === undefined && should) {
        model.open.set(key, {
          configKey: config.key,
          host,
          ackUntil: null,
          notified: false,
          lastOpenAt: null,
          intervals: [config.intervalMin],
        });
      }
    }
  }
}

export function configOf(model: AlertModel, key: string): ModelConfig {
  const config = model.configs.find((candidate) => candidate.key === key);
  if (config === undefined) throw new Error(`no configuration ${key}`);
  return config;
}

// Whether a due notification of this open alert goes out now: not acknowledged, no window covering it
// (every window of the model silences HOST alerts, which both kinds are), and not inhibited (a metric
// alert of a host with an open HOST_DOWN alert).
export function deliverable(model: AlertModel, alert: ModelAlert): boolean {
  if (alert.ackUntil !== null && alert.ackUntil > model.now) return false;
  if (model.windows.some((window) => window.start <= model.now && model.now < window.end)) return false;
  // A HOST_DOWN alert is never inhibited by another one.
  if (configOf(model, alert.configKey).kind === 'HOST_DOWN') return true;
  return ![...model.open.values()].some(
    (other) => other.host === alert.host && configOf(model, other.configKey).kind === 'HOST_DOWN',
  );
}

export function openAlerts(model: AlertModel): ModelAlert[] {
  return [...model.open.values()];
}

// A team or user named by a stored configuration cannot be deleted (409), whether the configuration is
// enabled or not.
export function namedBy(model: Readonly<AlertModel>, who: 'user' | 'team'): boolean {
  return model.configs.some(
    (config) => !config.deleted && (who === 'user' ? config.namesUser : config.namesTeam),
  );
}
