-- The layouts compared by bench/measurement-layouts.sh, and fill(layout, first, n, phase), which writes n
-- instants of 10,000 hosts x 15 metrics (one statement, one commit, per instant) and records the WAL
-- written and the time taken. narrow: one row per sample (the layout before WideMeasurements1795303900000);
-- wide_*: one row per host and instant, with the (host_id, ts) key, the key and a BRIN on ts, or the BRIN
-- only (no ON CONFLICT possible).
\set hosts 10000
DROP TABLE IF EXISTS narrow, wide_pk, wide_pk_brin, wide_brin;
CREATE TABLE narrow (host_id char(24), metric_name varchar(100), ts timestamptz(3), units varchar(32), value float8, PRIMARY KEY (host_id, metric_name, ts));
CREATE TABLE wide_pk (host_id char(24), ts timestamptz(3), metric_ids int[], vals float8[], PRIMARY KEY (host_id, ts));
CREATE TABLE wide_pk_brin (host_id char(24), ts timestamptz(3), metric_ids int[], vals float8[], PRIMARY KEY (host_id, ts));
CREATE INDEX ON wide_pk_brin USING brin (ts);
CREATE TABLE wide_brin (host_id char(24), ts timestamptz(3), metric_ids int[], vals float8[]);
CREATE INDEX ON wide_brin USING brin (ts);
CREATE TABLE hosts_b AS SELECT lpad(to_hex(h), 24, '0')::char(24) AS host_id, h FROM generate_series(1, :hosts) h;
CREATE TABLE metrics_b AS SELECT m, 'METRIC_NAME_' || m AS name FROM generate_series(1, 15) m;
CREATE TABLE results (layout text, phase text, instants int, wal_bytes numeric, ms numeric, samples bigint);
CREATE OR REPLACE PROCEDURE fill(layout text, first int, n int, phase text) LANGUAGE plpgsql AS $$
DECLARE i int; lsn pg_lsn; t0 timestamptz; base timestamptz := '2026-11-27T00:00:00Z';
BEGIN
  lsn := pg_current_wal_lsn(); t0 := clock_timestamp();
  FOR i IN first..first + n - 1 LOOP
    IF layout = 'narrow' THEN
      INSERT INTO narrow SELECT host_id, name, base + i * interval '10 s', 'SCALAR', random() * 1000
        FROM hosts_b CROSS JOIN metrics_b ORDER BY h, m
        ON CONFLICT (host_id, metric_name, ts) DO UPDATE SET units = EXCLUDED.units, value = EXCLUDED.value;
    ELSE
      EXECUTE format('INSERT INTO %I SELECT host_id, $1, ARRAY(SELECT m FROM metrics_b ORDER BY m), ARRAY(SELECT random() * 1000 + h + m FROM metrics_b ORDER BY m) FROM hosts_b ORDER BY h %s',
        layout, CASE WHEN layout = 'wide_brin' THEN '' ELSE 'ON CONFLICT (host_id, ts) DO UPDATE SET metric_ids = EXCLUDED.metric_ids, vals = EXCLUDED.vals' END)
        USING base + i * interval '10 s';
    END IF;
    COMMIT;
  END LOOP;
  INSERT INTO results VALUES (layout, phase, n, pg_current_wal_lsn() - lsn, extract(epoch FROM clock_timestamp() - t0) * 1000, n::bigint * 10000 * 15);
  COMMIT;
END $$;
