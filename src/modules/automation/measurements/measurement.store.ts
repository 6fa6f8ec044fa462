import { Inject, Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { AutomationErrors } from '../automation.errors';
import { MeasurementMetricIds, type MetricKey } from './measurement-metric-ids';
import type { MeasurementWindow } from './measurement-window';

export interface DataPoint {
  hostId: string;
  metricName: string;
  units: string;
  timestamp: Date;
  value: number;
}

export interface LatestRow {
  host_id: string;
  metric_name: string;
  units: string;
  value: number;
  ts: Date;
}

export interface SeriesPoint {
  metricName: string;
  units: string;
  bucket: Date;
  value: number;
}

// Buckets are aligned on this instant (a UTC midnight), so P1D buckets are calendar days.
const BUCKET_ORIGIN = '2000-01-01T00:00:00Z';

// The hot path of ingest: one row per host and sample instant (all of that instant's metrics as parallel
// arrays of metric ids and values) in one multi-row statement, which also writes the newest value per
// (host, metric), whatever the size of the report. Only a (metric, units) pair new to this process costs
// more (metricIdsOf).
@Injectable()
export class MeasurementStore {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly dataSource: DataSource,
    private readonly metricIds: MeasurementMetricIds,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'maxMeasurementMetrics'>,
  ) {}

  // The `measurement_metrics` id of each key, in order. A pair new to this process is inserted outside
  // the report's transaction, in its own committed statement, so an id remembered always exists in the
  // table even when the report that brought it rolls back. Another instance inserting the same pair at
  // once makes ON CONFLICT wait for it, and the SELECT after (a new snapshot) reads whichever row won;
  // the pairs go in one order for every caller, so two inserts of overlapping pairs cannot deadlock.
  // New pairs are added only while the table holds fewer than MAX_MEASUREMENT_METRICS (instances adding
  // at once may pass it by one report's pairs each); a pair not added refuses the report.
  async metricIdsOf(keys: MetricKey[]): Promise<number[]> {
    const unknown = this.metricIds.unknown(keys);
    if (unknown.length > 0) {
      unknown.sort((a, b) => compare(a.metricName, b.metricName) || compare(a.units, b.units));
      const names = unknown.map((key) => key.metricName);
      const units = unknown.map((key) => key.units);
      await this.dataSource.query(
        `INSERT INTO measurement_metrics (name, units)
         SELECT * FROM unnest($1::varchar[], $2::varchar[])
          WHERE (SELECT count(*) FROM measurement_metrics) < $3
         ON CONFLICT (name, units) DO NOTHING`,
        [names, units, this.config.maxMeasurementMetrics],
      );
      const rows = await this.dataSource.query<Array<{ id: number; name: string; units: string }>>(
        `SELECT m.id, m.name, m.units FROM measurement_metrics m
         JOIN unnest($1::varchar[], $2::varchar[]) AS k(name, units) ON k.name = m.name AND k.units = m.units`,
        [names, units],
      );
      this.metricIds.remember(rows.map((row) => ({ id: row.id, metricName: row.name, units: row.units })));
      const refused = this.metricIds.unknown(unknown)[0];
      if (refused !== undefined) {
        throw AutomationErrors.TOO_MANY_METRICS(
          this.config.maxMeasurementMetrics,
          refused.metricName,
          refused.units,
        );
      }
    }
    return this.metricIds.of(keys);
  }

  async insert(groupId: string, points: DataPoint[]): Promise<void> {
    if (points.length === 0) return;
    // A point sent twice (same host, metric and instant) is one value: the last one sent wins.
    const unique = [...new Map(points.map((point) => [keyOf(point), point])).values()];
    const ids = await this.metricIdsOf(unique);
    const rows = new Map<string, InstantRow>();
    unique.forEach((point, index) => {
      const key = `${point.hostId}\u0000${point.timestamp.getTime()}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = { host_id: point.hostId, ts: point.timestamp, metric_ids: [], metric_values: [] };
        rows.set(key, row);
      }
      row.metric_ids.push(ids[index]);
      row.metric_values.push(point.value);
    });
    // One statement for both tables (a round trip and a parameter encoding fewer per report); the rows
    // travel as one JSON text (JSON.stringify is native, where pg encodes array parameters element by
    // element). A row already stored for the host and instant (a re-sent report, or a part of it) is
    // merged: its metrics that the new row names (by metric name, whatever the units) are replaced, the
    // others kept. The newest point per (host, metric) goes to latest_measurements: a host's metric has at
    // most one point per instant after the dedup above, so DISTINCT ON ... ts DESC has no tie to break.
    await this.txHost.tx.query(
      `WITH input AS (
         SELECT * FROM json_to_recordset($1::json)
           AS r(host_id char(24), ts timestamptz, metric_ids integer[], metric_values float8[])
       ), stored AS (
         INSERT INTO measurements (host_id, ts, metric_ids, metric_values)
         SELECT host_id, ts, metric_ids, metric_values FROM input
         ON CONFLICT (host_id, ts) DO UPDATE SET (metric_ids, metric_values) = (
           SELECT array_agg(merged.id ORDER BY merged.n), array_agg(merged.value ORDER BY merged.n)
           FROM (
             SELECT kept.id, kept.value, kept.n
             FROM unnest(measurements.metric_ids, measurements.metric_values) WITH ORDINALITY AS kept(id, value, n)
             WHERE (SELECT name FROM measurement_metrics WHERE id = kept.id) <> ALL (
               SELECT name FROM measurement_metrics WHERE id = ANY (EXCLUDED.metric_ids))
             UNION ALL
             SELECT sent.id, sent.value, sent.n + cardinality(measurements.metric_ids)
             FROM unnest(EXCLUDED.metric_ids, EXCLUDED.metric_values) WITH ORDINALITY AS sent(id, value, n)
           ) merged)
       )
       INSERT INTO latest_measurements (host_id, metric_name, ts, units, value, group_id)
       SELECT DISTINCT ON (i.host_id, d.name) i.host_id, d.name, i.ts, d.units, s.value, $2::char(24)
       FROM input i CROSS JOIN LATERAL unnest(i.metric_ids, i.metric_values) AS s(id, value)
       JOIN measurement_metrics d ON d.id = s.id
       ORDER BY i.host_id, d.name, i.ts DESC
       ON CONFLICT (host_id, metric_name) DO UPDATE SET ts = EXCLUDED.ts, units = EXCLUDED.units, value = EXCLUDED.value
       WHERE latest_measurements.ts <= EXCLUDED.ts`,
      [JSON.stringify([...rows.values()]), groupId],
    );
  }

  // The newest value of each metric of a project's hosts (optionally some hosts, some metrics), as plain
  // rows: a configuration's reconciliation reads a whole deployment's.
  async latestOf(
    groupId: string,
    filter: { hostIds?: readonly string[]; metricNames?: readonly string[] } = {},
  ): Promise<LatestRow[]> {
    return this.txHost.tx.query<LatestRow[]>(
      `SELECT host_id, metric_name, units, value, ts FROM latest_measurements
       WHERE group_id = $1 AND ($2::char(24)[] IS NULL OR host_id = ANY($2::char(24)[]))
         AND ($3::varchar[] IS NULL OR metric_name = ANY($3::varchar[]))
       ORDER BY host_id, metric_name`,
      [groupId, filter.hostIds ?? null, filter.metricNames ?? null],
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
      `SELECT d.name AS metric_name, date_bin($2::interval, m.ts, $5::timestamptz) AS bucket, avg(s.value) AS value,
              (array_agg(d.units ORDER BY m.ts DESC))[1] AS units
       FROM measurements m CROSS JOIN LATERAL unnest(m.metric_ids, m.metric_values) AS s(id, value)
       JOIN measurement_metrics d ON d.id = s.id
       WHERE m.host_id = $1 AND m.ts >= $3 AND m.ts < $4 AND ($6::varchar[] IS NULL OR d.name = ANY($6::varchar[]))
       GROUP BY d.name, bucket
       ORDER BY d.name, bucket`,
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

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function keyOf(point: DataPoint): string {
  return `${point.hostId}\u0000${point.metricName}\u0000${point.timestamp.getTime()}`;
}

// A row of json_to_recordset; a Date becomes its ISO 8601 text, a finite number its exact decimal.
interface InstantRow {
  host_id: string;
  ts: Date;
  metric_ids: number[];
  metric_values: number[];
}
