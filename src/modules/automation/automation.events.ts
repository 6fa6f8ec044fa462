// Event type names this context publishes (the product's names). Other contexts (the alert
// engine) listen to `domain.<NAME>` (platform/events/domain-event.ts). Agent and host events have no
// actor (`actor: null`): they are derived from agents' reports and from their absence.
export const AutomationEventTypes = {
  AUTOMATION_CONFIG_PUBLISHED_AUDIT: 'AUTOMATION_CONFIG_PUBLISHED_AUDIT',
  NEW_AGENT: 'NEW_AGENT',
  AUTOMATION_AGENT_UP: 'AUTOMATION_AGENT_UP',
  AUTOMATION_AGENT_DOWN: 'AUTOMATION_AGENT_DOWN',
  MONITORING_AGENT_UP: 'MONITORING_AGENT_UP',
  MONITORING_AGENT_DOWN: 'MONITORING_AGENT_DOWN',
  BACKUP_AGENT_UP: 'BACKUP_AGENT_UP',
  BACKUP_AGENT_DOWN: 'BACKUP_AGENT_DOWN',
  MONITORING_AGENT_VERSION_BEHIND: 'MONITORING_AGENT_VERSION_BEHIND',
  MONITORING_AGENT_VERSION_CURRENT: 'MONITORING_AGENT_VERSION_CURRENT',
  BACKUP_AGENT_VERSION_BEHIND: 'BACKUP_AGENT_VERSION_BEHIND',
  BACKUP_AGENT_VERSION_CURRENT: 'BACKUP_AGENT_VERSION_CURRENT',
  NEW_HOST: 'NEW_HOST',
  HOST_DOWN: 'HOST_DOWN',
  HOST_UP: 'HOST_UP',
  // Derived from a report by comparing a host with what was known before (hosts/host-transitions.ts).
  HOST_NOW_PRIMARY: 'HOST_NOW_PRIMARY',
  HOST_NOW_SECONDARY: 'HOST_NOW_SECONDARY',
  HOST_NOW_STANDALONE: 'HOST_NOW_STANDALONE',
  HOST_RECOVERING: 'HOST_RECOVERING',
  HOST_RECOVERED: 'HOST_RECOVERED',
  PRIMARY_ELECTED: 'PRIMARY_ELECTED',
  VERSION_CHANGED: 'VERSION_CHANGED',
  HOST_UPGRADED: 'HOST_UPGRADED',
  HOST_DOWNGRADED: 'HOST_DOWNGRADED',
  HOST_RESTARTED: 'HOST_RESTARTED',
  ADD_HOST_AUDIT: 'ADD_HOST_AUDIT',
  DELETE_HOST_AUDIT: 'DELETE_HOST_AUDIT',
  // Not product names: the product documents no event for agent API keys.
  AGENT_API_KEY_CREATED: 'AGENT_API_KEY_CREATED',
  AGENT_API_KEY_DELETED: 'AGENT_API_KEY_DELETED',
} as const;

export type AutomationEventType = (typeof AutomationEventTypes)[keyof typeof AutomationEventTypes];

// The events an agent's heartbeat or silence gives (raw: AgentEventRaw).
export type AgentEventType = (typeof AutomationEventTypes)[
  | 'NEW_AGENT'
  | 'AUTOMATION_AGENT_UP'
  | 'AUTOMATION_AGENT_DOWN'
  | 'MONITORING_AGENT_UP'
  | 'MONITORING_AGENT_DOWN'
  | 'BACKUP_AGENT_UP'
  | 'BACKUP_AGENT_DOWN'
  | 'MONITORING_AGENT_VERSION_BEHIND'
  | 'MONITORING_AGENT_VERSION_CURRENT'
  | 'BACKUP_AGENT_VERSION_BEHIND'
  | 'BACKUP_AGENT_VERSION_CURRENT'];

// The events a host's report or silence gives (raw: HostEventRaw).
export type HostEventType = (typeof AutomationEventTypes)[
  | 'NEW_HOST'
  | 'HOST_DOWN'
  | 'HOST_UP'
  | 'HOST_NOW_PRIMARY'
  | 'HOST_NOW_SECONDARY'
  | 'HOST_NOW_STANDALONE'
  | 'HOST_RECOVERING'
  | 'HOST_RECOVERED'
  | 'PRIMARY_ELECTED'
  | 'VERSION_CHANGED'
  | 'HOST_UPGRADED'
  | 'HOST_DOWNGRADED'
  | 'HOST_RESTARTED'];

// `raw` of the agent events.
export interface AgentEventRaw {
  agentType: string;
  version: string;
  // HEARTBEAT (a report), SILENCE (no report for AGENT_DOWN_AFTER_SECONDS).
  cause: 'HEARTBEAT' | 'SILENCE';
}

// `raw` of HOST_DOWN / HOST_UP: REPORTED (`up` in a report) or SILENCE (no report mentioned the host).
export interface HostEventRaw {
  cause: 'REPORTED' | 'SILENCE';
  typeName: string;
  // Of a VERSION_CHANGED / HOST_UPGRADED / HOST_DOWNGRADED event.
  previousVersion?: string;
  version?: string;
}

// The agent and host events in the platform's event map (name -> `raw`); the alert engine listens to them.
// The raw may be absent: an alert's own lifecycle record carries the name of the event that opened or
// closed it (HOST_DOWN, HOST_UP, ...), with the alert as subject and no raw.
declare module '../../platform/events/domain-event' {
  interface DomainEventRawMap
    extends
      Record<AgentEventType, AgentEventRaw | undefined>,
      Record<HostEventType, HostEventRaw | undefined> {
    // No raw: the subject names the host.
    DELETE_HOST_AUDIT: undefined;
  }
}
