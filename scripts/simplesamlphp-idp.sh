#!/usr/bin/env bash
# Opt-in (not run by `npm test`): Debian's simpleSAMLphp as the SAML identity provider of a RUNNING
# service, to sign in through a second, widely used IdP besides the samlp one of the e2e tests.
# Tried with Debian 12's simplesamlphp 1.19.7 (PHP 8.2); docs/usage.md records a run.
#
#   apt-get install simplesamlphp php-cli php-xml php-mbstring openssl curl jq
#   # the service, with the URL browsers use as PUBLIC_BASE_URL (the acsUrl is made from it):
#   npm run build && PUBLIC_BASE_URL=http://127.0.0.1:8080 npm start
#   BASE=http://127.0.0.1:8080 PUBLIC=... PRIVATE=... ORG_ID=... [GROUP_ID=...] [CHECK=1] scripts/simplesamlphp-idp.sh
#
# PUBLIC/PRIVATE: an API key (or user) owning ORG_ID. The script takes the federation of ORG_ID (made when
# missing; FED names another), registers simpleSAMLphp as its identity provider (a fresh key pair, ACTIVE,
# associated domain of EMAIL; a provider with the same issuer from an earlier run is updated instead),
# connects ORG_ID with postAuthRoleGrants ORG_MEMBER and, with GROUP_ID, maps the group dms-admins to
# GROUP_OWNER of that project (unless a mapping of dms-admins exists); then it writes a simpleSAMLphp
# configuration (one user, EMAIL with password PASSWORD, in the group dms-admins) under a temporary
# directory and serves it with PHP's built-in server on IDP_PORT (default 8089) until Ctrl-C. Open the
# printed URL in a browser, sign in at simpleSAMLphp and you land in Swagger UI with the mapped roles.
# CHECK=1 does that sign-in with curl instead (posting simpleSAMLphp's forms as a browser would), prints
# the roles the session has, signs out and exits: non-zero when any step fails.
set -euo pipefail

: "${BASE:?BASE, e.g. http://127.0.0.1:8080}" "${PUBLIC:?}" "${PRIVATE:?}" "${ORG_ID:?}"
IDP_PORT="${IDP_PORT:-8089}"
EMAIL="${EMAIL:-ada@example.com}"
PASSWORD="${PASSWORD:-ada-secret}"
SSP_WWW="${SSP_WWW:-/usr/share/simplesamlphp/www}"
API="$BASE/api/public/v1.0"
DOMAIN="${EMAIL#*@}"
IDP_ORIGIN="http://127.0.0.1:$IDP_PORT"

for tool in php openssl curl jq; do
  command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install simplesamlphp php-cli php-xml php-mbstring openssl curl jq)" >&2; exit 1; }
done
[ -d "$SSP_WWW" ] || { echo "no simpleSAMLphp at $SSP_WWW (apt-get install simplesamlphp, or set SSP_WWW)" >&2; exit 1; }
# The simplesamlphp package does not pull these in; without them every AuthnRequest ends in an exception.
php -r 'exit(extension_loaded("dom") && extension_loaded("mbstring") ? 0 : 1);' ||
  { echo "PHP lacks dom or mbstring (apt-get install php-xml php-mbstring)" >&2; exit 1; }

api() { # method path [json]
  curl -sS --fail-with-body --digest --user "$PUBLIC:$PRIVATE" -H 'Content-Type: application/json' \
    -X "$1" "$API$2" ${3:+-d "$3"}
}

WORK="$(mktemp -d)"
# PHP_PID stays empty until the server starts: `kill 0` would signal this whole process group.
PHP_PID=""
trap '[ -z "$PHP_PID" ] || kill "$PHP_PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/config" "$WORK/metadata" "$WORK/cert" "$WORK/log" "$WORK/tmp"

openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=simplesamlphp.local" \
  -keyout "$WORK/cert/idp.key" -out "$WORK/cert/idp.crt" 2>/dev/null

# POST answers the organization's federation when it has one already (200), so a second run reuses it.
FED="${FED:-$(api POST "/orgs/$ORG_ID/federationSettings" | jq -r .id)}"
ISSUER="$IDP_ORIGIN/saml2/idp/metadata.php"
IDP_JSON="$(jq -n --arg origin "$IDP_ORIGIN" --arg issuer "$ISSUER" --arg domain "$DOMAIN" \
  --rawfile cert "$WORK/cert/idp.crt" '{
  displayName: "simpleSAMLphp",
  issuerUri: $issuer,
  ssoUrl: ($origin + "/saml2/idp/SSOService.php"),
  requestBinding: "HTTP-REDIRECT",
  responseSignatureAlgorithm: "SHA-256",
  associatedDomains: [$domain],
  status: "ACTIVE",
  pemFileInfo: {fileName: "simplesamlphp.crt", certificates: [{content: $cert}]}}')"
# A provider registered by an earlier run (same issuer) is updated with this run's certificate.
IDP_ID="$(api GET "/federationSettings/$FED/identityProviders?itemsPerPage=500" |
  jq -r --arg issuer "$ISSUER" 'first(.results[] | select(.issuerUri == $issuer) | .oktaIdpId) // empty')"
if [ -n "$IDP_ID" ]; then
  IDP="$(api PATCH "/federationSettings/$FED/identityProviders/$IDP_ID" "$IDP_JSON")"
else
  IDP="$(api POST "/federationSettings/$FED/identityProviders" "$IDP_JSON")"
  IDP_ID="$(jq -r .oktaIdpId <<<"$IDP")"
fi
ACS_URL="$(jq -r .acsUrl <<<"$IDP")"
# The session cookie is set by the acsUrl's host: it must be the BASE the browser (and CHECK) uses.
case "$ACS_URL" in
  "$BASE"/*) ;;
  *) echo "warning: acsUrl $ACS_URL is not under $BASE (start the service with PUBLIC_BASE_URL=$BASE)" >&2 ;;
esac
AUDIENCE="$(jq -r .audienceUri <<<"$IDP")"

# Our certificate (base64 DER), from the metadata we serve, so simpleSAMLphp checks our signed AuthnRequests.
SP_CERT="$(curl -sS --fail --digest --user "$PUBLIC:$PRIVATE" -H 'Accept: application/xml' \
  "$API/federationSettings/$FED/identityProviders/$IDP_ID/metadata.xml" |
  tr -d '\n' | sed -E 's#.*<ds:X509Certificate>([^<]+)</ds:X509Certificate>.*#\1#' | tr -d ' \r\t')"

api PATCH "/federationSettings/$FED/connectedOrgConfigs/$ORG_ID" "$(jq -n --arg org "$ORG_ID" --arg idp "$IDP_ID" \
  '{orgId: $org, identityProviderId: $idp, postAuthRoleGrants: ["ORG_MEMBER"], domainRestrictionEnabled: false}')" >/dev/null
MAPPINGS="/federationSettings/$FED/connectedOrgConfigs/$ORG_ID/roleMappings"
if [ -n "${GROUP_ID:-}" ] && ! api GET "$MAPPINGS?itemsPerPage=500" |
  jq -e 'any(.results[]; .externalGroupName == "dms-admins")' >/dev/null; then
  api POST "$MAPPINGS" "$(jq -n --arg group "$GROUP_ID" \
    '{externalGroupName: "dms-admins", roleAssignments: [{groupId: $group, role: "GROUP_OWNER"}]}')" >/dev/null
fi

php_string() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/\\\\'/g")"; }

cat >"$WORK/config/config.php" <<PHP
<?php
\$config = [
  'baseurlpath' => $(php_string "$IDP_ORIGIN/"),
  'certdir' => $(php_string "$WORK/cert/"),
  'loggingdir' => $(php_string "$WORK/log/"),
  'datadir' => $(php_string "$WORK/tmp/"),
  'tempdir' => $(php_string "$WORK/tmp/"),
  'metadata.sources' => [['type' => 'flatfile', 'directory' => $(php_string "$WORK/metadata")]],
  'secretsalt' => $(php_string "$(openssl rand -hex 16)"),
  'auth.adminpassword' => $(php_string "$(openssl rand -hex 16)"),
  'technicalcontact_name' => 'Administrator',
  'technicalcontact_email' => 'na@example.org',
  'timezone' => 'UTC',
  'logging.level' => SimpleSAML\Logger::INFO,
  'logging.handler' => 'errorlog',
  'enable.saml20-idp' => true,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true],
  'store.type' => 'phpsession',
  'session.cookie.secure' => false,
];
PHP

cat >"$WORK/config/authsources.php" <<PHP
<?php
\$config = [
  'admin' => ['core:AdminPassword'],
  'example-userpass' => [
    'exampleauth:UserPass',
    $(php_string "$EMAIL:$PASSWORD") => [
      'email' => [$(php_string "$EMAIL")],
      'firstName' => ['Ada'],
      'lastName' => ['Lovelace'],
      'memberOf' => ['dms-admins'],
    ],
  ],
];
PHP

cat >"$WORK/metadata/saml20-idp-hosted.php" <<PHP
<?php
\$metadata['__DYNAMIC:1__'] = [
  'host' => '__DEFAULT__',
  'privatekey' => 'idp.key',
  'certificate' => 'idp.crt',
  'auth' => 'example-userpass',
  'saml20.sign.assertion' => true,
  'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'authproc' => [
    100 => ['class' => 'saml:AttributeNameID', 'attribute' => 'email',
            'Format' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
  ],
];
PHP

cat >"$WORK/metadata/saml20-sp-remote.php" <<PHP
<?php
\$metadata[$(php_string "$AUDIENCE")] = [
  'AssertionConsumerService' => $(php_string "$ACS_URL"),
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'certData' => $(php_string "$SP_CERT"),
  'validate.authnrequest' => true,
  'saml20.sign.assertion' => true,
];
PHP

SIMPLESAMLPHP_CONFIG_DIR="$WORK/config" php -S "127.0.0.1:$IDP_PORT" -t "$SSP_WWW" >"$WORK/log/php.log" 2>&1 &
PHP_PID=$!
for _ in $(seq 50); do
  curl -sf -o /dev/null "$ISSUER" && break
  sleep 0.2
done
echo "simpleSAMLphp serves $IDP_ORIGIN (identity provider $IDP_ID of federation $FED)."

# An attribute (value or action) of an HTML page simpleSAMLphp answered (its 1.19 templates), &amp; undone;
# empty when the page has none.
field() { # file pattern-ending-with-the-attribute-name
  { tr '\n' ' ' <"$1" | grep -o "$2=\"[^\"]*\"" || true; } | head -n1 |
    sed -E 's/^.*(value|action)="//; s/"$//; s/&amp;/\&/g'
}

# CHECK=1: what a browser does, with curl: our login redirects to simpleSAMLphp's login form, the
# credentials are posted, its HTTP-POST page's form is posted to the ACS, which answers 303 to /docs with
# the session; the session then reads the user's roles and signs out.
sign_in_check() {
  local jar="$WORK/tmp/cookies" page="$WORK/tmp/page.html" state action response status
  curl -sS -c "$jar" -b "$jar" -L -o "$page" "$BASE/sso/login?email=$EMAIL"
  state="$(field "$page" 'name="AuthState" value')"
  [ -n "$state" ] || { echo "no login form at simpleSAMLphp:" >&2; sed 's/<[^>]*>//g' "$page" | grep -v '^\s*$' >&2; return 1; }
  curl -sS -c "$jar" -b "$jar" -o "$page" --data-urlencode "AuthState=$state" \
    --data-urlencode "username=$EMAIL" --data-urlencode "password=$PASSWORD" \
    "$IDP_ORIGIN/module.php/core/loginuserpass.php"
  action="$(field "$page" '<form[^>]*action')"
  response="$(field "$page" 'name="SAMLResponse" value')"
  [ -n "$response" ] || { echo "no SAMLResponse from simpleSAMLphp:" >&2; sed 's/<[^>]*>//g' "$page" | grep -v '^\s*$' >&2; return 1; }
  status="$(curl -sS -c "$jar" -b "$jar" -o "$page" -w '%{http_code} %{redirect_url}' \
    --data-urlencode "SAMLResponse=$response" "$action")"
  echo "ACS $action answered $status"
  [ "${status%% *}" = 303 ] || { cat "$page" >&2; echo >&2; return 1; }
  echo "Roles of $EMAIL, read with the session:"
  curl -sS --fail-with-body -b "$jar" "$API/users/byName/$EMAIL" | jq -c '.roles'
  curl -sS --fail-with-body -b "$jar" -o /dev/null -w 'POST /sso/logout: %{http_code}\n' -X POST \
    -H "X-CSRF-Token: $(awk '$6 == "dms_csrf" { print $7 }' "$jar")" "$BASE/sso/logout"
}

if [ "${CHECK:-}" = 1 ]; then
  sign_in_check
  exit
fi
echo "Sign in: open $BASE/sso/login?email=$EMAIL and log in as $EMAIL / $PASSWORD."
echo "Ctrl-C stops simpleSAMLphp (the identity provider stays registered; deactivate or delete it with the API)."
wait "$PHP_PID"
