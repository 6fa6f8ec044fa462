// What load balancers and container health checks call, as often as they are configured to: never
// rate limited (each answer is cheap; readiness computes its checks at most once a second).
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/health', '/health/ready']);
