// Prometheus HTTP service discovery (https://prometheus.io/docs/prometheus/latest/http_sd/).
export interface PrometheusTargetGroup {
  targets: string[];
  labels: Record<string, string>;
}

// The product's targets: each machine that runs a monitored process of the project, once, at the port of
// the integration's listenAddress (where the agent on that machine serves the metrics of its processes).
// An IPv6 literal is bracketed so that host and port stay apart.
export function scrapeTargets(hostnames: readonly string[], listenAddress: string): string[] {
  const port = listenAddress.slice(listenAddress.lastIndexOf(':') + 1);
  const targets = hostnames.map(
    (host) => `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`,
  );
  return [...new Set(targets)].sort();
}
