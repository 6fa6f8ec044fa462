import { AutomationEventTypes, type AgentEventType, type HostEventType } from '../automation.events';
import { compareVersions } from './agent-version';
import { upEventOf, versionEventsOf, type AgentType } from './agent-types';

export type AgentLiveness = 'UP' | 'DOWN';
export type VersionState = 'CURRENT' | 'BEHIND';

export interface AgentState {
  state: AgentLiveness;
  versionState: VersionState | null;
}

// A report is the agent's heartbeat: first sight is NEW_AGENT, a report after DOWN is *_AGENT_UP, and
// the version is compared with the configured current one (BEHIND once per fall, CURRENT once it recovers).
export function onHeartbeat(
  type: AgentType,
  previous: AgentState | null,
  version: string,
  currentVersion: string,
): { next: AgentState; events: AgentEventType[] } {
  const events: AgentEventType[] = [];
  if (previous === null) events.push(AutomationEventTypes.NEW_AGENT);
  else if (previous.state === 'DOWN') events.push(upEventOf(type));
  const versionEvents = versionEventsOf(type);
  let versionState: VersionState | null = null;
  if (versionEvents) {
    versionState = compareVersions(version, currentVersion) < 0 ? 'BEHIND' : 'CURRENT';
    const before = previous?.versionState ?? null;
    if (versionState === 'BEHIND' && before !== 'BEHIND') events.push(versionEvents.behind);
    if (versionState === 'CURRENT' && before === 'BEHIND') events.push(versionEvents.current);
  }
  return { next: { state: 'UP', versionState }, events };
}

// A host seen in a report: first sight is NEW_HOST (and HOST_DOWN if reported down); afterwards only
// a change of `up` is an event.
export function onHostReport(previousUp: boolean | null, reportedUp: boolean): HostEventType[] {
  if (previousUp === null) {
    return reportedUp
      ? [AutomationEventTypes.NEW_HOST]
      : [AutomationEventTypes.NEW_HOST, AutomationEventTypes.HOST_DOWN];
  }
  if (previousUp && !reportedUp) return [AutomationEventTypes.HOST_DOWN];
  if (!previousUp && reportedUp) return [AutomationEventTypes.HOST_UP];
  return [];
}
