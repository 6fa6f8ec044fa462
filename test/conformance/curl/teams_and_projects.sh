#!/usr/bin/env bash
# Users, teams and project deletion, driven with curl --digest and jq.
# Environment: BASE (public API base URL), PUBLIC, PRIVATE (a global owner's key), ORG_ID.
# Prints one line per step; exits non-zero on the first unexpected status or body.
set -euo pipefail
MATE=curl-mate@example.com
MATE_PASSWORD='Teammate-2024!'

# call METHOD PATH STATUS [BODY] [USER:PASSWORD]: the body answered, on stdout; fails on any other status.
call() {
  local out status body=()
  out=$(mktemp)
  if [ -n "${4:-}" ]; then body=(-H 'Content-Type: application/json' -d "$4"); fi
  status=$(curl -s --digest --user "${5:-$PUBLIC:$PRIVATE}" -X "$1" "$BASE$2" -o "$out" -w '%{http_code}' \
    "${body[@]}")
  if [ "$status" != "$3" ]; then
    echo "$1 $2: expected $3, got $status: $(head -c 500 "$out")" >&2
    rm -f "$out"
    exit 1
  fi
  echo "  $1 $2: $status" >&2
  cat "$out"
  rm -f "$out"
}
check() {
  if [ "$1" != "$2" ]; then echo "$3: got '$1', expected '$2'" >&2; exit 1; fi
}

GROUP=$(call POST /groups 201 "{\"name\":\"curl-staging\",\"orgId\":\"$ORG_ID\"}" | jq -r .id)

# A teammate with a project role signs in with Digest and sees only that organization and project.
MATE_ID=$(call POST /users 201 "{\"username\":\"$MATE\",\"password\":\"$MATE_PASSWORD\",\"emailAddress\":\"$MATE\",\"firstName\":\"Cu\",\"lastName\":\"Rl\",\"roles\":[{\"groupId\":\"$GROUP\",\"roleName\":\"GROUP_READ_ONLY\"}]}" | jq -r .id)
check "$(call GET "/users/byName/$MATE" 200 | jq -r .id)" "$MATE_ID" "users/byName"
check "$(call GET /orgs 200 '' "$MATE:$MATE_PASSWORD" | jq -c '[.results[].id]')" "[\"$ORG_ID\"]" "the teammate's organizations"
check "$(call GET /groups 200 '' "$MATE:$MATE_PASSWORD" | jq -c '[.results[].id]')" "[\"$GROUP\"]" "the teammate's projects"
check "$(call GET "/groups/$GROUP/users" 200 | jq -c '[.results[].id]')" "[\"$MATE_ID\"]" "project users"

# A team with the teammate, given a role on the project.
TEAM=$(call POST "/orgs/$ORG_ID/teams" 201 "{\"name\":\"curl-team\",\"usernames\":[\"$MATE\"]}" | jq -r .id)
check "$(call GET "/orgs/$ORG_ID/teams/$TEAM/users" 200 | jq -r '.results[].username')" "$MATE" "team users"
call POST "/groups/$GROUP/teams" 200 "[{\"teamId\":\"$TEAM\",\"roleNames\":[\"GROUP_MONITORING_ADMIN\"]}]" >/dev/null
check "$(call GET "/groups/$GROUP/teams" 200 | jq -r '.results[].teamId')" "$TEAM" "project teams"

# Renamed, then deleted: its id answers 404.
check "$(call PATCH "/groups/$GROUP" 200 '{"name":"curl-staging-2"}' | jq -r .name)" curl-staging-2 "renamed project"
call DELETE "/groups/$GROUP" 200 >/dev/null
check "$(call GET "/groups/$GROUP" 404 | jq -r .errorCode)" GROUP_NOT_FOUND "deleted project"
