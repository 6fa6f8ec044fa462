// The advisory-lock keys of the alerting context.

// A project's replica-set and cluster conditions read every member: their evaluations (after a report or
// a liveness change, and after a configuration is written) run one after the other. Taken after every
// lock of the deployment a report holds; no deployment lock is taken after it.
export function deploymentConditionsLock(groupId: string): string {
  return `alerting:deployment-conditions:${groupId}`;
}
