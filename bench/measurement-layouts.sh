#!/bin/bash
# Write cost of measurement layouts, in plain SQL (docs/scaling.md, "The measurements layout"):
# `bench/measurement-layouts.sh [postgres URL of a server]` creates the database layout_bench on that
# server (default postgres://postgres@127.0.0.1:5432/postgres), writes PRE (30) instants of 10,000 hosts x 15
# metrics into each layout, CHECKPOINTs, writes MEAS (30) more, and prints the WAL and time per sample of both
# phases and the table and index bytes per sample. About 3 minutes on 2 cores; run it on a quiet machine.
set -euo pipefail
URL=${1:-postgres://postgres@127.0.0.1:5432/postgres}
DB_URL=${URL%/*}/layout_bench
PRE=${PRE:-30}
MEAS=${MEAS:-30}
P="psql -v ON_ERROR_STOP=1 -q"
$P "$URL" -c "DROP DATABASE IF EXISTS layout_bench" -c "CREATE DATABASE layout_bench"
$P "$DB_URL" -f "$(dirname "$0")/layouts/measurement-layouts.sql"
for L in wide_brin wide_pk wide_pk_brin narrow; do
  $P "$DB_URL" -c "CALL fill('$L', 0, $PRE, 'before the checkpoint')"
  $P "$DB_URL" -c "CHECKPOINT" -c "CALL fill('$L', $PRE, $MEAS, 'after the checkpoint')"
done
$P "$DB_URL" -c "SELECT layout, phase, instants, round(wal_bytes / samples, 1) AS wal_per_sample,
    round(ms * 1000 / samples, 2) AS us_per_sample FROM results ORDER BY layout, phase" \
  -c "SELECT c.relname AS layout, pg_relation_size(c.oid) AS heap, pg_indexes_size(c.oid) AS indexes,
    round(pg_total_relation_size(c.oid)::numeric / ($PRE + $MEAS) / 150000, 1) AS bytes_per_sample
    FROM pg_class c WHERE relname IN ('narrow', 'wide_pk', 'wide_pk_brin', 'wide_brin')"
$P "$URL" -c "DROP DATABASE layout_bench"
