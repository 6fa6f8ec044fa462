import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import type { ReportMeasurementRequest } from './dto/report-measurement.request';

// A sample's timestamp is needed as a Date by the report's checks, its partitions, its data points and the
// alerting event: it is parsed once (by the body check, which had to parse it anyway) and the Dates
// shared. Kept per measurements array, one entry per host, not per sample: a WeakMap insertion per
// sample cost more than the parse it saved.
const parsed = new WeakMap<object, readonly (Date | undefined)[]>();

export function rememberSampleTimes(measurements: readonly unknown[], times: readonly Date[]): void {
  parsed.set(measurements, times);
}

// The instants of the samples, in their order; undefined for a timestamp that is not an ISO 8601
// date-time (there is none once the body is validated).
export function sampleTimesOf(
  measurements: readonly ReportMeasurementRequest[],
): readonly (Date | undefined)[] {
  if (measurements.length === 0) return [];
  let times = parsed.get(measurements);
  if (times === undefined) {
    times = measurements.map((measurement) => parseIsoDateTime(measurement.timestamp));
    parsed.set(measurements, times);
  }
  return times;
}

// Maps the samples of a validated host with their instants.
export function mapSamples<T>(
  measurements: readonly ReportMeasurementRequest[] | undefined,
  map: (measurement: ReportMeasurementRequest, at: Date) => T,
): T[] {
  if (measurements === undefined) return [];
  const times = sampleTimesOf(measurements);
  return measurements.map((measurement, index) => map(measurement, times[index] as Date));
}
