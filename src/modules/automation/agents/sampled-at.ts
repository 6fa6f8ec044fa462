import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import type { ReportMeasurementRequest } from './dto/report-measurement.request';

// A sample's timestamp is needed as a Date by the report's checks, its partitions, its data points and the
// alerting event: it is parsed once (by the body check when it saw it) and the Date shared.
const parsed = new WeakMap<object, Date>();

export function rememberSampledAt(measurement: object, at: Date): void {
  parsed.set(measurement, at);
}

// The instant of a sample; undefined when its timestamp is not an ISO 8601 date-time (never once validated).
export function sampledAt(measurement: ReportMeasurementRequest): Date | undefined {
  let at = parsed.get(measurement);
  if (at === undefined) {
    at = parseIsoDateTime(measurement.timestamp);
    if (at !== undefined) parsed.set(measurement, at);
  }
  return at;
}
