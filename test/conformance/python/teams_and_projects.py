"""Users, teams and project deletion, driven with Python requests + HTTPDigestAuth.

Environment: BASE (public API base URL), PUBLIC, PRIVATE (a global owner's key), ORG_ID.
Prints one line per step; exits non-zero on the first unexpected status or body.
"""
import os
import sys

import requests
from requests.auth import HTTPDigestAuth

BASE = os.environ["BASE"]
ORG = os.environ["ORG_ID"]
MATE = "python-mate@example.com"
MATE_PASSWORD = "Teammate-2024!"
admin = requests.Session()
admin.auth = HTTPDigestAuth(os.environ["PUBLIC"], os.environ["PRIVATE"])
mate = requests.Session()
mate.auth = HTTPDigestAuth(MATE, MATE_PASSWORD)


def expect(response, status, what):
    if response.status_code != status:
        sys.exit(f"{what}: expected {status}, got {response.status_code}: {response.text[:500]}")
    print(f"  {what}: {status}")
    return response.json() if response.content else None


def check(condition, message):
    if not condition:
        sys.exit(message)


group = expect(admin.post(f"{BASE}/groups", json={"name": "python-staging", "orgId": ORG}), 201, "POST groups")["id"]

# A teammate with a project role signs in with Digest and sees only that organization and project.
user = expect(admin.post(f"{BASE}/users", json={
    "username": MATE, "password": MATE_PASSWORD, "emailAddress": MATE, "firstName": "Py", "lastName": "Thon",
    "roles": [{"groupId": group, "roleName": "GROUP_READ_ONLY"}]}), 201, "POST users")
read = expect(admin.get(f"{BASE}/users/{user['id']}"), 200, "GET users/{id}")
check(read["username"] == MATE and read["roles"] == [{"groupId": group, "roleName": "GROUP_READ_ONLY"}], f"user: {read}")
orgs = expect(mate.get(f"{BASE}/orgs"), 200, "GET orgs (teammate)")
check([o["id"] for o in orgs["results"]] == [ORG], f"the teammate's organizations: {orgs}")
groups = expect(mate.get(f"{BASE}/groups"), 200, "GET groups (teammate)")
check([g["id"] for g in groups["results"]] == [group], f"the teammate's projects: {groups}")
org_users = expect(admin.get(f"{BASE}/orgs/{ORG}/users", params={"itemsPerPage": 500}), 200, "GET orgs/{id}/users")
check(user["id"] in [u["id"] for u in org_users["results"]], f"organization users: {org_users}")

# A team with the teammate, given a role on the project.
team = expect(admin.post(f"{BASE}/orgs/{ORG}/teams", json={"name": "python-team", "usernames": [MATE]}), 201,
              "POST orgs/{id}/teams")
by_name = expect(admin.get(f"{BASE}/orgs/{ORG}/teams/byName/python-team"), 200, "GET orgs/{id}/teams/byName/{name}")
check(by_name["id"] == team["id"], f"team by name: {by_name}")
expect(admin.post(f"{BASE}/groups/{group}/teams", json=[{"teamId": team["id"], "roleNames": ["GROUP_MONITORING_ADMIN"]}]),
       200, "POST groups/{id}/teams")
teams = expect(admin.get(f"{BASE}/groups/{group}/teams"), 200, "GET groups/{id}/teams")
check([(t["teamId"], t["roleNames"]) for t in teams["results"]] == [(team["id"], ["GROUP_MONITORING_ADMIN"])],
      f"project teams: {teams}")

# Renamed, then deleted: its id answers 404.
renamed = expect(admin.patch(f"{BASE}/groups/{group}", json={"name": "python-staging-2"}), 200, "PATCH groups/{id}")
check(renamed["name"] == "python-staging-2", f"renamed project: {renamed}")
expect(admin.delete(f"{BASE}/groups/{group}"), 200, "DELETE groups/{id}")
gone = expect(admin.get(f"{BASE}/groups/{group}"), 404, "GET deleted groups/{id}")
check(gone["errorCode"] == "GROUP_NOT_FOUND", f"deleted project: {gone}")
