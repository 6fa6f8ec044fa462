#!/usr/bin/env bash
# The alert storm against Prometheus Alertmanager on this machine, to set beside our own figures
# (docs/benchmarks.md, "Alert storm"). Opt-in and not part of `npm test` or `npm run bench`: it needs the
# alertmanager binary (Debian: `apt-get install prometheus-alertmanager`; or ALERTMANAGER=/path/to/it).
# Each run starts a fresh Alertmanager (temporary config and storage, clustering off) on a free local
# port, posts 1,000 HostDown alerts of 10 replica sets in one POST, and prints what its webhook delivered
# to bench/lib/alertmanager-storm.js, timed from the POST's answer. Cases: ungrouped (group_by ['...'],
# group_wait 0s: one message per alert) and grouped (group_by [replica_set], group_wait 1s: one message
# per replica set). For figures worth recording, run it with the machine to itself.
#   bash bench/alertmanager-storm.sh [runs per case, default 3]
set -euo pipefail

runs="${1:-3}"
binary="${ALERTMANAGER:-$(command -v alertmanager || command -v prometheus-alertmanager || true)}"
if [[ -z "$binary" ]]; then
  echo "alertmanager not found: install prometheus-alertmanager or set ALERTMANAGER" >&2
  exit 1
fi
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d -t alertmanager-storm.XXXXXX)"
am_pid=""

stop_alertmanager() {
  if [[ -n "$am_pid" ]]; then
    kill "$am_pid" 2>/dev/null || true
    wait "$am_pid" 2>/dev/null || true
    am_pid=""
  fi
}
cleanup() {
  stop_alertmanager
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# $1 case name, $2 group_by, $3 group_wait
run_once() {
  local name="$1" group_by="$2" group_wait="$3" am_port receiver_port
  am_port="$(free_port)"
  receiver_port="$(free_port)"
  rm -rf "$work/data" && mkdir -p "$work/data"
  cat > "$work/alertmanager.yml" <<YAML
route:
  receiver: storm
  group_by: $group_by
  group_wait: $group_wait
  group_interval: 5m
  repeat_interval: 4h
receivers:
  - name: storm
    webhook_configs:
      - url: http://127.0.0.1:$receiver_port/
        send_resolved: false
YAML
  "$binary" --config.file="$work/alertmanager.yml" --storage.path="$work/data" \
    --web.listen-address="127.0.0.1:$am_port" --cluster.listen-address="" --log.level=warn \
    > "$work/alertmanager.log" 2>&1 &
  am_pid=$!
  local tries=0
  until curl -fsS "http://127.0.0.1:$am_port/-/ready" > /dev/null 2>&1; do
    tries=$((tries + 1))
    if [[ $tries -gt 100 ]] || ! kill -0 "$am_pid" 2>/dev/null; then
      echo "alertmanager did not become ready:" >&2
      cat "$work/alertmanager.log" >&2
      exit 1
    fi
    sleep 0.1
  done
  local result
  result="$(node "$here/lib/alertmanager-storm.js" --alertmanager "http://127.0.0.1:$am_port" \
    --receiver-port "$receiver_port" --alerts 1000 --replica-sets 10)"
  stop_alertmanager
  echo "$name $result load: $(cut -d' ' -f1-3 /proc/loadavg)"
}

echo "$("$binary" --version 2>&1 | head -1)"
echo "start $(date -u +%H:%M:%S) UTC, uptime: $(uptime)"
for i in $(seq 1 "$runs"); do
  run_once ungrouped "['...']" 0s
done
for i in $(seq 1 "$runs"); do
  run_once grouped "[replica_set]" 1s
done
echo "end $(date -u +%H:%M:%S) UTC, uptime: $(uptime)"
