import { AutomationErrors } from '../automation.errors';

export interface HostCaps {
  // New hosts one agent report may create.
  newPerReport: number;
  // Hosts (monitored or not: a row each) a project may hold.
  perProject: number;
}

// Refuses growth past the caps before anything is written: an agent key (or a compromised agent) must
// not be able to fill the database with hosts, each holding measurements and events forever.
export function checkHostGrowth(
  newHosts: number,
  existingInProject: number,
  caps: HostCaps,
  viaReport: boolean,
): void {
  if (viaReport && newHosts > caps.newPerReport) {
    throw AutomationErrors.TOO_MANY_NEW_HOSTS(caps.newPerReport, newHosts);
  }
  if (newHosts > 0 && existingInProject + newHosts > caps.perProject) {
    throw AutomationErrors.MAX_HOSTS_PER_GROUP_EXCEEDED(caps.perProject, existingInProject, newHosts);
  }
}

// Events one report may create (NEW_HOST, HOST_DOWN, HOST_UP, agent events): they are append-only.
export function checkReportEvents(events: number, cap: number): void {
  if (events > cap) throw AutomationErrors.TOO_MANY_EVENTS_IN_REPORT(cap, events);
}
