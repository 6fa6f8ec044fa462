import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import type { MeasurementWindow } from './measurement-window';

export interface DataPoint {
  hostId: string;
  metricName: string;
  units: string;
  timestamp: Date;
  value: number;
}

export interface SeriesPoint {
  metricName: string;
  units: string;
  bucket: Date;
  value: number;
}

// Buckets are aligned on this instant (a UTC midnight), so P1D buckets are calendar days.
const BUCKET_ORIGIN = '2000-01-01T00:00:00Z';

// The hot path of ingest: every data point of a report in one multi-row statement, and the newest value
// per (host, metric) in a second one, whatever the size of the report.
@Injectable()
export class MeasurementStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(groupId: string, points: DataPoint[]): Promise<void> {
    if (points.length === 0) return;
    // A point sent twice (same host, metric and instant) is one row: the last one sent wins.
    const unique = [...new Map(points.map((point) => [keyOf(point), point])).values()];
    // One statement for both tables (a round trip and a parameter encoding fewer per report). The newest
    // point per (host, metric) goes to latest_measurements: after the dedup above, a host's metric has
    // at most one point per instant, so DISTINCT ON ... ts DESC has no tie to break. The points travel as
    // one JSON text: JSON.stringify is native, where pg encodes five array parameters element by element.
    await this.txHost.tx.query(
      `WITH input AS (
         SELECT * FROM json_to_recordset($1::json)
           AS r(host_id char(24), metric_name varchar, ts timestamptz, units varchar, value float8)
       ), stored AS (
         INSERT INTO measurements (host_id, metric_name, ts, units, value)
         SELECT host_id, metric_name, ts, units, value FROM input
         ON CONFLICT (host_id, metric_name, ts) DO UPDATE SET units = EXCLUDED.units, value = EXCLUDED.value
       )
       INSERT INTO latest_measurements (host_id, metric_name, ts, units, value, group_id)
       SELECT DISTINCT ON (host_id, metric_name) host_id, metric_name, ts, units, value, $2::char(24) FROM input
       ORDER BY host_id, metric_name, ts DESC
       ON CONFLICT (host_id, metric_name) DO UPDATE SET ts = EXCLUDED.ts, units = EXCLUDED.units, value = EXCLUDED.value
       WHERE latest_measurements.ts <= EXCLUDED.ts`,
      [JSON.stringify(unique.map(rowOf)), groupId],
    );
  }

  // Every data point of the hosts (a deleted project's); latest values go with their entity.
  async removeOfHosts(hostIds: string[]): Promise<void> {
    if (hostIds.length === 0) return;
    await this.txHost.tx.query(`DELETE FROM measurements WHERE host_id = ANY($1::char(24)[])`, [hostIds]);
  }

  // The latest values of a host taken out of monitoring.
  async removeLatestOfHost(hostId: string): Promise<void> {
    await this.txHost.tx.query('DELETE FROM latest_measurements WHERE host_id = $1', [hostId]);
  }

  // Averages per bucket of the window's granularity; buckets without data are left out.
  async series(
    hostId: string,
    window: MeasurementWindow,
    metricNames: string[] | undefined,
  ): Promise<SeriesPoint[]> {
    const rows = await this.txHost.tx.query<
      Array<{ metric_name: string; bucket: Date; value: number | string; units: string }>
    >(
      `SELECT metric_name, date_bin($2::interval, ts, $5::timestamptz) AS bucket, avg(value) AS value,
              (array_agg(units ORDER BY ts DESC))[1] AS units
       FROM measurements
       WHERE host_id = $1 AND ts >= $3 AND ts < $4 AND ($6::varchar[] IS NULL OR metric_name = ANY($6::varchar[]))
       GROUP BY metric_name, bucket
       ORDER BY metric_name, bucket`,
      [
        hostId,
        `${window.granularityMs} milliseconds`,
        window.start.toISOString(),
        window.end.toISOString(),
        BUCKET_ORIGIN,
        metricNames ?? null,
      ],
    );
    return rows.map((row) => ({
      metricName: row.metric_name,
      units: row.units,
      bucket: row.bucket,
      value: Number(row.value),
    }));
  }
}

function keyOf(point: DataPoint): string {
  return `${point.hostId}\u0000${point.metricName}\u0000${point.timestamp.getTime()}`;
}

// The columns of json_to_recordset; a Date becomes its ISO 8601 text, a finite number its exact decimal.
function rowOf(point: DataPoint) {
  return {
    host_id: point.hostId,
    metric_name: point.metricName,
    ts: point.timestamp,
    units: point.units,
    value: point.value,
  };
}
