import { CommonErrors } from '../../../platform/http/error-codes';
import { hostAndPort } from '../hosts/host-keys';
import type { AgentReportRequest } from './dto/agent-report.request';
import { mapSamples, sampleTimesOf } from './sample-times';

const HOUR_MS = 60 * 60 * 1000;
// Agents' clocks drift: a sample a little ahead of ours is accepted.
export const FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

// The rules of a report that field validation cannot express. Throws the product's VALIDATION_ERROR naming
// the field, before anything is written.
export function checkReport(report: AgentReportRequest, now: Date, retentionHours: number): void {
  if (report.processes !== undefined && report.agentType !== 'AUTOMATION') {
    throw CommonErrors.VALIDATION_ERROR('processes', 'only AUTOMATION agents report processes');
  }
  unique(
    report.processes ?? [],
    (process) => process.name,
    (index) => `processes[${index}].name`,
    'process name',
  );
  const oldest = now.getTime() - retentionHours * HOUR_MS;
  const kept = retentionHours % 24 === 0 ? `${retentionHours / 24} days` : `${retentionHours} hours`;
  const newest = now.getTime() + FUTURE_TOLERANCE_MS;
  const hosts = report.hosts ?? [];
  unique(
    hosts,
    (host) => hostAndPort(host.hostname, host.port),
    (index) => `hosts[${index}]`,
    'host',
  );
  hosts.forEach((host, h) => {
    unique(
      host.disks ?? [],
      (disk) => disk.partitionName,
      (d) => `hosts[${h}].disks[${d}].partitionName`,
      'partition',
    );
    sampleTimesOf(host.measurements ?? []).forEach((time, m) => {
      const at = time?.getTime();
      if (at === undefined || at < oldest || at > newest) {
        throw CommonErrors.VALIDATION_ERROR(
          `hosts[${h}].measurements[${m}].timestamp`,
          `it must lie within the last ${kept} and not in the future`,
        );
      }
    });
  });
}

function unique<T>(
  items: T[],
  keyOf: (item: T) => string,
  field: (index: number) => string,
  what: string,
): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) throw CommonErrors.VALIDATION_ERROR(field(index), `duplicate ${what} ${key}`);
    seen.add(key);
  });
}

// The instants of all data points of a report (their days need a measurements partition).
export function sampleTimes(report: AgentReportRequest): Date[] {
  return (report.hosts ?? []).flatMap((host) => mapSamples(host.measurements, (_measurement, at) => at));
}
