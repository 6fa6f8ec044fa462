"""Alert configuration, alert acknowledgement and events, driven with Python requests + HTTPDigestAuth.

Environment: BASE (public API base URL), AGENTS (agent API base URL), PUBLIC, PRIVATE, GROUP_ID.
Prints one line per step; the last line is a JSON object with the ids later scenarios reuse.
Exits non-zero on the first unexpected status or body.
"""
import json
import os
import sys
import time
from datetime import datetime, timedelta, timezone

import requests
from requests.auth import HTTPDigestAuth

BASE = os.environ["BASE"]
AGENTS = os.environ["AGENTS"]
GROUP = os.environ["GROUP_ID"]
session = requests.Session()
session.auth = HTTPDigestAuth(os.environ["PUBLIC"], os.environ["PRIVATE"])


def expect(response, status, what):
    if response.status_code != status:
        sys.exit(f"{what}: expected {status}, got {response.status_code}: {response.text[:500]}")
    print(f"  {what}: {status}")
    return response.json() if response.content else None


def check(condition, message):
    if not condition:
        sys.exit(message)


def now_iso():
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


config_body = {
    "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",
    "enabled": True,
    "metricThreshold": {
        "metricName": "CONNECTIONS",
        "mode": "AVERAGE",
        "operator": "GREATER_THAN",
        "threshold": 100,
        "units": "RAW",
    },
    "notifications": [
        {"typeName": "GROUP", "roles": ["GROUP_OWNER"], "emailEnabled": True, "smsEnabled": False,
         "delayMin": 0, "intervalMin": 60}
    ],
}

# Alert configuration lifecycle: create, read, replace, disable, enable.
created = expect(session.post(f"{BASE}/groups/{GROUP}/alertConfigs", json=config_body), 201, "POST alertConfigs")
config_id = created["id"]
check(created["enabled"] is True and created["metricThreshold"]["threshold"] == 100, f"created config: {created}")
read = expect(session.get(f"{BASE}/groups/{GROUP}/alertConfigs/{config_id}"), 200, "GET alertConfigs/{id}")
check(read["id"] == config_id, f"read config: {read}")
replaced_body = dict(config_body, metricThreshold=dict(config_body["metricThreshold"], threshold=120))
replaced = expect(session.put(f"{BASE}/groups/{GROUP}/alertConfigs/{config_id}", json=replaced_body), 200,
                  "PUT alertConfigs/{id}")
check(replaced["metricThreshold"]["threshold"] == 120, f"replaced config: {replaced}")
disabled = expect(session.patch(f"{BASE}/groups/{GROUP}/alertConfigs/{config_id}", json={"enabled": False}), 200,
                  "PATCH alertConfigs/{id} enabled=false")
check(disabled["enabled"] is False, f"disabled config: {disabled}")
enabled = expect(session.patch(f"{BASE}/groups/{GROUP}/alertConfigs/{config_id}", json={"enabled": True}), 200,
                 "PATCH alertConfigs/{id} enabled=true")
check(enabled["enabled"] is True, f"enabled config: {enabled}")
listed = expect(session.get(f"{BASE}/groups/{GROUP}/alertConfigs"), 200, "GET alertConfigs")
check(config_id in [c["id"] for c in listed["results"]], "the configuration is not listed")

# An alert raised through the agent API: an agent key, then a report above the threshold.
agent_key = expect(session.post(f"{BASE}/groups/{GROUP}/agentapikeys", json={"desc": "conformance agents"}), 200,
                   "POST agentapikeys")["key"]
report = {
    "agentType": "MONITORING", "hostname": "agent0.example.com", "version": "107.0.0.8465-1",
    "hosts": [{"hostname": "db0.example.com", "port": 27017, "typeName": "REPLICA_PRIMARY", "replicaSetName": "rs0",
               "up": True, "disks": [{"partitionName": "xvdf"}],
               "measurements": [{"metricName": "CONNECTIONS", "units": "SCALAR", "value": 150,
                                 "timestamp": now_iso()}]}],
}
answer = requests.post(f"{AGENTS}/groups/{GROUP}/reports", json=report, auth=(GROUP, agent_key))
check(answer.status_code == 202, f"agent report: {answer.status_code} {answer.text}")
print("  POST /agents/v1/groups/{id}/reports (Basic): 202")

alert = None
deadline = time.time() + 30
while alert is None and time.time() < deadline:
    alerts = expect(session.get(f"{BASE}/groups/{GROUP}/alertConfigs/{config_id}/alerts"), 200,
                    "GET alertConfigs/{id}/alerts")
    alert = next((a for a in alerts["results"] if a["status"] == "OPEN"), None)
    if alert is None:
        time.sleep(1)
check(alert is not None, "no OPEN alert was raised by a report above the threshold")
alert_id = alert["id"]
check(alert["eventTypeName"] == "OUTSIDE_METRIC_THRESHOLD" and alert["metricName"] == "CONNECTIONS", f"alert: {alert}")
opened = expect(session.get(f"{BASE}/groups/{GROUP}/alerts", params={"status": "OPEN"}), 200, "GET alerts?status=OPEN")
check(alert_id in [a["id"] for a in opened["results"]], "the alert is not in the OPEN list")

# Acknowledge (an offset is accepted and returned in UTC), read back, unacknowledge.
until = (datetime.now(timezone.utc) + timedelta(days=3)).replace(microsecond=0)
acked = expect(session.patch(f"{BASE}/groups/{GROUP}/alerts/{alert_id}",
                             json={"acknowledgedUntil": until.astimezone(timezone(timedelta(hours=-4))).strftime("%Y-%m-%dT%H:%M:%S%z"),
                                   "acknowledgementComment": "Known issue, fix scheduled."}), 200, "PATCH alerts/{id} ack")
check(acked["acknowledgedUntil"] == until.strftime("%Y-%m-%dT%H:%M:%SZ"), f"acknowledged alert: {acked}")
check(acked["acknowledgementComment"] == "Known issue, fix scheduled.", f"acknowledged alert: {acked}")
check(acked["acknowledgingUsername"] == os.environ["PUBLIC"], f"acknowledged alert: {acked}")
got = expect(session.get(f"{BASE}/groups/{GROUP}/alerts/{alert_id}"), 200, "GET alerts/{id}")
check(got["acknowledgedUntil"] == acked["acknowledgedUntil"], f"alert read back: {got}")
unacked = expect(session.patch(f"{BASE}/groups/{GROUP}/alerts/{alert_id}", json={}), 200, "PATCH alerts/{id} unack")
check("acknowledgedUntil" not in unacked or unacked["acknowledgedUntil"] is None, f"unacknowledged alert: {unacked}")
# Acknowledged again, so the npm client scenario finds it acknowledged.
expect(session.patch(f"{BASE}/groups/{GROUP}/alerts/{alert_id}",
                     json={"acknowledgedUntil": until.strftime("%Y-%m-%dT%H:%M:%SZ")}), 200, "PATCH alerts/{id} re-ack")

# The audit trail of all of it.
events = expect(session.get(f"{BASE}/groups/{GROUP}/events", params={"itemsPerPage": 500}), 200, "GET events")
types = [e["eventTypeName"] for e in events["results"]]
for wanted in ["ALERT_CONFIG_ADDED_AUDIT", "ALERT_CONFIG_CHANGED_AUDIT", "ALERT_CONFIG_DISABLED_AUDIT",
               "ALERT_CONFIG_ENABLED_AUDIT", "ALERT_ACKNOWLEDGED_AUDIT", "ALERT_UNACKNOWLEDGED_AUDIT"]:
    check(wanted in types, f"event {wanted} missing from {sorted(set(types))}")
ack_event = next(e for e in events["results"] if e["eventTypeName"] == "ALERT_ACKNOWLEDGED_AUDIT")
one = expect(session.get(f"{BASE}/groups/{GROUP}/events/{ack_event['id']}"), 200, "GET events/{id}")
check(one["id"] == ack_event["id"] and one.get("alertId") == alert_id, f"event: {one}")
filtered = expect(session.get(f"{BASE}/groups/{GROUP}/events", params={"eventType": "ALERT_ACKNOWLEDGED_AUDIT"}), 200,
                  "GET events?eventType=ALERT_ACKNOWLEDGED_AUDIT")
check(all(e["eventTypeName"] == "ALERT_ACKNOWLEDGED_AUDIT" for e in filtered["results"]), "eventType filter ignored")

# A second configuration, deleted.
other = expect(session.post(f"{BASE}/groups/{GROUP}/alertConfigs", json=dict(config_body, enabled=False)), 201,
               "POST alertConfigs (second)")
expect(session.delete(f"{BASE}/groups/{GROUP}/alertConfigs/{other['id']}"), 204, "DELETE alertConfigs/{id}")
expect_missing = session.get(f"{BASE}/groups/{GROUP}/alertConfigs/{other['id']}")
check(expect_missing.status_code == 404, f"deleted config: {expect_missing.status_code}")
print("  GET deleted alertConfigs/{id}: 404")

print(json.dumps({"alertConfigId": config_id, "alertId": alert_id, "agentKey": agent_key}))
