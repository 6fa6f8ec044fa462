'use strict';
/* global clearTimeout, fetch */
// The conformance scenarios, in order (later ones reuse what earlier ones created). Each talks to the
// service only over HTTP, through the checking proxy, with a client nobody here wrote.
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { readmeSection } = require('./readme');

const README_SECTION = 'First steps with `curl --digest`';
const HEX24 = /^[0-9a-f]{24}$/;
const OWNERS_BY_EMAIL = {
  typeName: 'GROUP',
  roles: ['GROUP_OWNER'],
  emailEnabled: true,
  smsEnabled: false,
  delayMin: 0,
  intervalMin: 60,
};

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// Asynchronous: the checking proxy lives in this process and must keep serving while the child runs.
function runChild(command, args, options) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeout);
    child.once('error', fail);
    child.once('close', (status) => {
      clearTimeout(timer);
      done({ status, stdout, stderr });
    });
  });
}

const NO_PYTHON = 'no python3 with the requests module on this machine (apt-get install -y python3-requests)';

// CONFORMANCE_PYTHON, when set, is the only interpreter tried.
function pythonWithRequests() {
  const candidates = process.env.CONFORMANCE_PYTHON
    ? [process.env.CONFORMANCE_PYTHON]
    : ['python3', '/usr/bin/python3'];
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['-c', 'import requests'], { stdio: 'ignore' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

// Chromium flags for a browser that must stay off the network (this suite's machines have none) and may
// run as root, where Chromium's sandbox cannot start.
const QUIET_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-sync',
  '--no-pings',
];

// CHROMIUM_PATH, else the distribution's Chromium, else the one packed inside @sparticuz/chromium (a
// headless shell unpacked once into the temporary directory), so the suite needs no system package.
async function chromiumExecutable() {
  const { existsSync } = require('node:fs');
  const installed = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(installed)) return installed;
  assert(!process.env.CHROMIUM_PATH, `CHROMIUM_PATH ${installed} does not exist`);
  // ESM-only package, loaded from this CommonJS file.
  const { default: packed } = await import('@sparticuz/chromium');
  // No WebGL needed: skips unpacking SwiftShader.
  packed.setGraphicsMode = false;
  return packed.executablePath();
}

// urllib: the third-party Digest client the npm Atlas client is built on.
async function http(ctx, method, path, { body, headers, expect, auth } = {}) {
  const { request } = require('urllib');
  const url = path.startsWith('http') ? path : `${ctx.api}${path}`;
  const response = await request(url, {
    method,
    digestAuth: auth ?? `${ctx.state.publicKey}:${ctx.state.privateKey}`,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    content: body !== undefined ? JSON.stringify(body) : undefined,
    dataType: 'text',
    timeout: 30000,
  });
  const text = String(response.data ?? '');
  if (expect !== undefined && response.status !== expect) {
    throw new Error(`${method} ${path}: expected ${expect}, got ${response.status}: ${text.slice(0, 400)}`);
  }
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

// A monitoring agent's report with CONNECTIONS at `connections`, then the OPEN alert of `alertConfigId`
// it raises (alerts are evaluated asynchronously, hence the polling).
async function raiseConnectionsAlert(ctx, agentKey, alertConfigId, connections) {
  const { groupId } = ctx.state;
  const { request } = require('urllib');
  const report = await request(`${ctx.origin}/agents/v1/groups/${groupId}/reports`, {
    method: 'POST',
    auth: `${groupId}:${agentKey}`,
    headers: { 'content-type': 'application/json' },
    content: JSON.stringify({
      agentType: 'MONITORING',
      hostname: 'agent0.example.com',
      version: '107.0.0.8465-1',
      hosts: [
        {
          hostname: 'db0.example.com',
          port: 27017,
          typeName: 'REPLICA_PRIMARY',
          replicaSetName: 'rs0',
          up: true,
          disks: [{ partitionName: 'xvdf' }],
          measurements: [
            {
              metricName: 'CONNECTIONS',
              units: 'SCALAR',
              value: connections,
              timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
            },
          ],
        },
      ],
    }),
  });
  assert(report.status === 202, `agent report: ${report.status}`);
  let open;
  for (let i = 0; i < 30 && !open; i++) {
    const list = await http(ctx, 'GET', `/groups/${groupId}/alerts?status=OPEN`, { expect: 200 });
    open = list.json.results.find((a) => a.alertConfigId === alertConfigId);
    if (!open) await new Promise((done) => setTimeout(done, 1000));
  }
  return open;
}

// Without Python, the state the later scenarios build on (an alert configuration, an agent key, an
// acknowledged alert) is created over urllib instead, so they still run.
async function alertStateWithoutPython(ctx) {
  const { groupId } = ctx.state;
  const config = await http(ctx, 'POST', `/groups/${groupId}/alertConfigs`, {
    expect: 201,
    body: {
      eventTypeName: 'OUTSIDE_METRIC_THRESHOLD',
      enabled: true,
      metricThreshold: {
        metricName: 'CONNECTIONS',
        mode: 'AVERAGE',
        operator: 'GREATER_THAN',
        threshold: 100,
        units: 'RAW',
      },
      notifications: [OWNERS_BY_EMAIL],
    },
  });
  const agentKey = (
    await http(ctx, 'POST', `/groups/${groupId}/agentapikeys`, {
      expect: 200,
      body: { desc: 'conformance agents' },
    })
  ).json.key;
  const alert = await raiseConnectionsAlert(ctx, agentKey, config.json.id, 150);
  assert(alert, 'no OPEN alert was raised by a report above the threshold');
  await http(ctx, 'PATCH', `/groups/${groupId}/alerts/${alert.id}`, {
    expect: 200,
    body: { acknowledgedUntil: '2099-01-01T00:00:00Z' },
  });
  Object.assign(ctx.state, { alertConfigId: config.json.id, alertId: alert.id, agentKey });
}

function selfSignedPem(dir) {
  const key = join(dir, 'idp.key');
  const cert = join(dir, 'idp.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '3650',
      '-subj',
      '/CN=idp.example.com',
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(cert, 'utf8');
}

const scenarios = [
  {
    name: 'README "First steps" examples run as written; users, teams, project deletion',
    client: 'curl --digest (bash)',
    async run(ctx) {
      const blocks = readmeSection(join(ctx.root, 'README.md'), README_SECTION);
      assert(blocks.length >= 5, `expected the 5 steps' bash blocks, found ${blocks.length}`);
      const work = mkdtempSync(join(tmpdir(), 'dms-readme-'));
      try {
        // One shell runs the blocks in order (variables carry over, as in the user's shell); markers split
        // the output per block. The only change: the README's http://localhost:8080 is the service here.
        const script = ['set -euo pipefail']
          .concat(
            blocks.map((block, index) =>
              [
                `printf '\\n@@block ${index}@@\\n'`,
                block.bash.replaceAll('http://localhost:8080', ctx.origin),
              ].join('\n'),
            ),
          )
          .concat(["printf '\\n@@vars@@\\n'", 'printf "%s\\n" "$PUBLIC" "$PRIVATE" "$ORG_ID" "$GROUP_ID"'])
          .join('\n');
        const run = await runChild('bash', ['-c', script], { cwd: work, timeout: 60000 });
        assert(
          run.status === 0,
          `README examples failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`,
        );
        const parts = run.stdout.split(/^@@(block \d+|vars)@@$/m);
        const outputs = {};
        for (let i = 1; i < parts.length; i += 2) outputs[parts[i]] = parts[i + 1].trim();
        blocks.forEach((block, index) => {
          if (!block.expected) return;
          const expected = JSON.parse(block.expected.replaceAll('http://localhost:8080', ctx.origin));
          const actual = JSON.parse(outputs[`block ${index}`]);
          assert(
            JSON.stringify(actual) === JSON.stringify(expected),
            `README block ${index + 1} printed ${JSON.stringify(actual)}, the README shows ${JSON.stringify(expected)}`,
          );
        });
        const [publicKey, privateKey, orgId, groupId] = outputs.vars.split('\n');
        assert(
          publicKey && privateKey && HEX24.test(orgId) && HEX24.test(groupId),
          `README variables: ${outputs.vars}`,
        );
        Object.assign(ctx.state, { publicKey, privateKey, orgId, groupId });
        const teams = await runChild(
          'bash',
          [join(ctx.root, 'test/conformance/curl/teams_and_projects.sh')],
          {
            cwd: work,
            timeout: 60000,
            env: { ...process.env, BASE: ctx.api, PUBLIC: publicKey, PRIVATE: privateKey, ORG_ID: orgId },
          },
        );
        assert(
          teams.status === 0,
          `users, teams and project deletion failed (exit ${teams.status}):\n${teams.stderr}`,
        );
        ctx.detail(
          `${blocks.length} blocks, then users, teams and project deletion; PUBLIC=${publicKey} ORG_ID=${orgId} GROUP_ID=${groupId}`,
        );
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'alert configuration, acknowledgement and events lifecycle; users, teams, project deletion',
    client: 'Python requests + HTTPDigestAuth',
    skipReason: () => (pythonWithRequests() ? null : NO_PYTHON),
    async run(ctx) {
      const python = pythonWithRequests();
      if (!python) {
        await alertStateWithoutPython(ctx);
        ctx.detail('alert configuration, agent key and acknowledged alert created over urllib instead');
        return;
      }
      const run = await runChild(python, [join(ctx.root, 'test/conformance/python/alert_lifecycle.py')], {
        timeout: 120000,
        env: {
          ...process.env,
          BASE: ctx.api,
          AGENTS: `${ctx.origin}/agents/v1`,
          PUBLIC: ctx.state.publicKey,
          PRIVATE: ctx.state.privateKey,
          GROUP_ID: ctx.state.groupId,
        },
      });
      assert(run.status === 0, `python failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
      const lines = run.stdout.trim().split('\n');
      Object.assign(ctx.state, JSON.parse(lines[lines.length - 1]));
      const teams = await runChild(
        python,
        [join(ctx.root, 'test/conformance/python/teams_and_projects.py')],
        {
          timeout: 60000,
          env: {
            ...process.env,
            BASE: ctx.api,
            PUBLIC: ctx.state.publicKey,
            PRIVATE: ctx.state.privateKey,
            ORG_ID: ctx.state.orgId,
          },
        },
      );
      assert(
        teams.status === 0,
        `python teams failed (exit ${teams.status}):\n${teams.stdout}\n${teams.stderr}`,
      );
      const teamSteps = teams.stdout.trim().split('\n').length;
      ctx.detail(`${lines.length - 1} + ${teamSteps} steps with ${python}; alert ${ctx.state.alertId}`);
    },
  },
  {
    name: 'alerts, events, organizations, projects, users and teams through the Atlas client',
    client: 'npm mongodb-atlas-api-client (urllib)',
    async run(ctx) {
      const getClient = require('mongodb-atlas-api-client');
      const clientAuth = {
        publicKey: ctx.state.publicKey,
        privateKey: ctx.state.privateKey,
        baseUrl: ctx.api,
      };
      const { organization, project, alert, event } = getClient({
        ...clientAuth,
        projectId: ctx.state.groupId,
      });
      const { orgId, groupId, alertId } = ctx.state;
      const orgs = await organization.getAll();
      assert(
        orgs.results.some((o) => o.id === orgId),
        `organization.getAll: ${JSON.stringify(orgs)}`,
      );
      const org = await organization.getById(orgId);
      assert(org.id === orgId && org.name === 'Acme', `organization.getById: ${JSON.stringify(org)}`);
      const orgProjects = await organization.getAllProjectsForOrganization(orgId);
      assert(
        orgProjects.results.some((p) => p.id === groupId),
        `getAllProjectsForOrganization: ${JSON.stringify(orgProjects)}`,
      );
      const projects = await project.getAll({ itemsPerPage: 10 });
      assert(
        projects.results.some((p) => p.id === groupId),
        `project.getAll: ${JSON.stringify(projects)}`,
      );
      const byId = await project.getById(groupId);
      assert(byId.id === groupId && byId.orgId === orgId, `project.getById: ${JSON.stringify(byId)}`);
      const byName = await project.getByName('production');
      assert(byName.id === groupId, `project.getByName: ${JSON.stringify(byName)}`);
      const alerts = await alert.getAll({ status: 'OPEN' });
      assert(
        alerts.results.some((a) => a.id === alertId),
        `alert.getAll: ${JSON.stringify(alerts)}`,
      );
      const one = await alert.get(alertId);
      assert(one.id === alertId && one.groupId === groupId, `alert.get: ${JSON.stringify(one)}`);
      const acked = await alert.acknowledge(alertId, {
        acknowledgedUntil: '2099-01-01T00:00:00Z',
        acknowledgementComment: 'Acknowledged by the Atlas client.',
      });
      assert(
        acked.acknowledgedUntil === '2099-01-01T00:00:00Z',
        `alert.acknowledge: ${JSON.stringify(acked)}`,
      );
      const projectEvents = await event.getAll({ eventType: 'ALERT_ACKNOWLEDGED_AUDIT' });
      assert(projectEvents.results.length >= 2, `event.getAll: ${JSON.stringify(projectEvents)}`);
      const projectEvent = await event.get(projectEvents.results[0].id);
      assert(projectEvent.id === projectEvents.results[0].id, `event.get: ${JSON.stringify(projectEvent)}`);
      const orgEvents = await event.getAllByOrganizationId(orgId, { itemsPerPage: 100 });
      assert(
        orgEvents.results.length > 0 && orgEvents.results.every((e) => e.orgId === orgId),
        `event.getAllByOrganizationId: ${JSON.stringify(orgEvents)}`,
      );
      const orgEvent = await event.getByOrganizationId(orgId, orgEvents.results[0].id);
      assert(
        orgEvent.id === orgEvents.results[0].id,
        `event.getByOrganizationId: ${JSON.stringify(orgEvent)}`,
      );
      // Users, teams and project deletion; the client has no team or project-update call, so those two
      // go through urllib, which it is built on.
      const mateName = 'atlas-mate@example.com';
      const mateAuth = { publicKey: mateName, privateKey: 'Teammate-2024!', baseUrl: ctx.api };
      const staging = await project.create({ name: 'atlas-staging', orgId });
      assert(HEX24.test(staging.id ?? ''), `project.create: ${JSON.stringify(staging)}`);
      const { atlasUser } = getClient({ ...clientAuth, projectId: staging.id });
      const mate = await atlasUser.create({
        username: mateName,
        password: mateAuth.privateKey,
        emailAddress: mateName,
        firstName: 'At',
        lastName: 'Las',
        roles: [{ groupId: staging.id, roleName: 'GROUP_READ_ONLY' }],
      });
      const mateByName = await atlasUser.getByName(mateName);
      assert(mateByName.id === mate.id, `atlasUser.getByName: ${JSON.stringify(mateByName)}`);
      const projectUsers = await atlasUser.getAll();
      assert(
        projectUsers.results.length === 1 && projectUsers.results[0].id === mate.id,
        `atlasUser.getAll: ${JSON.stringify(projectUsers)}`,
      );
      const asMate = getClient(mateAuth);
      const mateOrgs = await asMate.organization.getAll();
      const mateProjects = await asMate.project.getAll();
      assert(
        JSON.stringify(mateOrgs.results.map((o) => o.id)) === JSON.stringify([orgId]) &&
          JSON.stringify(mateProjects.results.map((p) => p.id)) === JSON.stringify([staging.id]),
        `the teammate sees ${JSON.stringify(mateOrgs)} and ${JSON.stringify(mateProjects)}`,
      );
      const team = await http(ctx, 'POST', `/orgs/${orgId}/teams`, {
        expect: 201,
        body: { name: 'atlas-team', usernames: [mateName] },
      });
      await project.assignTeams(staging.id, [
        { teamId: team.json.id, roleNames: ['GROUP_MONITORING_ADMIN'] },
      ]);
      const projectTeams = await project.getTeamsByProjectId(staging.id);
      assert(
        projectTeams.results.length === 1 && projectTeams.results[0].teamId === team.json.id,
        `project.getTeamsByProjectId: ${JSON.stringify(projectTeams)}`,
      );
      await http(ctx, 'PATCH', `/groups/${staging.id}`, { expect: 200, body: { name: 'atlas-staging-2' } });
      const renamed = await project.getByName('atlas-staging-2');
      assert(renamed.id === staging.id, `project.getByName after the rename: ${JSON.stringify(renamed)}`);
      await project.delete(staging.id);
      const gone = await project.getById(staging.id);
      assert(
        gone.error === 404 && gone.errorCode === 'GROUP_NOT_FOUND',
        `project.getById after project.delete: ${JSON.stringify(gone)}`,
      );
      ctx.detail('13 client calls, then users, teams and project deletion');
    },
  },
  {
    name: 'core endpoints 1 to 21 (docs/conformance.md), each with its documented success status',
    client: 'urllib (npm) Digest',
    async run(ctx) {
      const { orgId, groupId, alertId, alertConfigId, agentKey } = ctx.state;
      const seen = [];
      const hit = async (n, method, path, status, options = {}) => {
        const response = await http(ctx, method, path, { ...options, expect: status });
        seen.push(n);
        return response;
      };
      // 1, 2: an organization key and its access list.
      const keys = await hit(2, 'GET', `/orgs/${orgId}/apiKeys`, 200);
      const keyId = keys.json.results[0].id;
      await http(ctx, 'POST', `/orgs/${orgId}/apiKeys/${keyId}/accessList`, {
        body: [{ ipAddress: '203.0.113.7' }],
        expect: 200,
      });
      const keyList = await hit(1, 'GET', `/orgs/${orgId}/apiKeys/${keyId}/accessList`, 200);
      assert(
        keyList.json.results.some((e) => e.ipAddress === '203.0.113.7'),
        `endpoint 1: ${keyList.text}`,
      );
      // 3: replace the alert configuration of the Python scenario.
      const config = (
        await http(ctx, 'GET', `/groups/${groupId}/alertConfigs/${alertConfigId}`, { expect: 200 })
      ).json;
      const replaced = await hit(3, 'PUT', `/groups/${groupId}/alertConfigs/${alertConfigId}`, 200, {
        body: {
          eventTypeName: config.eventTypeName,
          enabled: true,
          metricThreshold: { ...config.metricThreshold, threshold: 110 },
          notifications: [OWNERS_BY_EMAIL],
        },
      });
      assert(replaced.json.metricThreshold.threshold === 110, `endpoint 3: ${replaced.text}`);
      // 4, 5: the alert (the replace above cancelled it: acknowledging a cancelled alert is refused, so
      // a fresh report raises a new one).
      await hit(4, 'GET', `/groups/${groupId}/alerts/${alertId}`, 200);
      const open = await raiseConnectionsAlert(ctx, agentKey, alertConfigId, 160);
      assert(open, 'no OPEN alert after the replace and a new report');
      await hit(5, 'PATCH', `/groups/${groupId}/alerts/${open.id}`, 200, {
        body: { acknowledgedUntil: '2099-01-01T00:00:00Z' },
      });
      // 6
      await hit(6, 'GET', `/groups/${groupId}/automationStatus`, 200);
      // 7
      const integrations = await hit(7, 'PUT', `/groups/${groupId}/integrations/PAGER_DUTY`, 200, {
        body: { type: 'PAGER_DUTY', serviceKey: 'pd-service-key-0000-1234' },
      });
      assert(
        integrations.json.results.some((i) => i.type === 'PAGER_DUTY'),
        `endpoint 7: ${integrations.text}`,
      );
      // 8, 9: a user access list entry, managed by the user (name and password, as the README shows); a
      // non-empty list is enforced at once, so the user's own address goes on it too.
      const self = 'admin@example.com:Correct-Horse-9!';
      const user = (await http(ctx, 'GET', '/users/byName/admin@example.com', { expect: 200 })).json;
      await http(ctx, 'POST', `/users/${user.id}/accessList`, {
        body: [{ ipAddress: '127.0.0.1' }, { cidrBlock: '198.51.100.0/24' }],
        expect: 201,
        auth: self,
      });
      const entry = await hit(8, 'GET', `/users/${user.id}/accessList/198.51.100.0%2F24`, 200, {
        auth: self,
      });
      assert(entry.json.results[0].cidrBlock === '198.51.100.0/24', `endpoint 8: ${entry.text}`);
      await hit(9, 'DELETE', `/users/${user.id}/accessList/198.51.100.0%2F24`, 204, { auth: self });
      // 10 to 16: federation.
      const federation = (await http(ctx, 'POST', `/orgs/${orgId}/federationSettings`, { expect: 201 })).json;
      const dir = mkdtempSync(join(tmpdir(), 'dms-idp-'));
      let pem;
      try {
        pem = selfSignedPem(dir);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const idp = (
        await http(ctx, 'POST', `/federationSettings/${federation.id}/identityProviders`, {
          body: {
            displayName: 'Okta',
            issuerUri: 'http://www.okta.com/exkconformance',
            ssoUrl: 'https://example.okta.com/app/dms/sso/saml',
            pemFileInfo: { certificates: [{ content: pem }], fileName: 'okta.cert' },
          },
          expect: 200,
        })
      ).json;
      const connected = `/federationSettings/${federation.id}/connectedOrgConfigs/${orgId}`;
      const patched = await hit(10, 'PATCH', `${connected}/`, 200, {
        body: {
          identityProviderId: idp.oktaIdpId,
          orgId,
          domainAllowList: ['example.com'],
          domainRestrictionEnabled: false,
        },
      });
      assert(patched.json.identityProviderId === idp.oktaIdpId, `endpoint 10: ${patched.text}`);
      await hit(11, 'GET', `${connected}/`, 200);
      const mapping = (
        await http(ctx, 'POST', `${connected}/roleMappings`, {
          body: { externalGroupName: 'dms-admins', roleAssignments: [{ orgId, role: 'ORG_OWNER' }] },
          expect: 200,
        })
      ).json;
      const mappings = await hit(12, 'GET', `${connected}/roleMappings`, 200);
      assert(
        mappings.json.results.some((m) => m.id === mapping.id),
        `endpoint 12: ${mappings.text}`,
      );
      await hit(13, 'DELETE', `${connected}/roleMappings/${mapping.id}`, 204);
      const settings = await hit(14, 'GET', `/orgs/${orgId}/federationSettings`, 200);
      assert(settings.json.id === federation.id, `endpoint 14: ${settings.text}`);
      const metadata = await hit(
        15,
        'GET',
        `/federationSettings/${federation.id}/identityProviders/${idp.oktaIdpId}/metadata.xml`,
        200,
        { headers: { accept: 'application/xml' } },
      );
      assert(metadata.text.includes('EntityDescriptor'), `endpoint 15: ${metadata.text.slice(0, 200)}`);
      await hit(16, 'DELETE', `/federationSettings/${federation.id}`, 204);
      // 17, 18: a maintenance window.
      const start = new Date(Date.now() + 3600000).toISOString().replace(/\.\d+Z$/, 'Z');
      const end = new Date(Date.now() + 7200000).toISOString().replace(/\.\d+Z$/, 'Z');
      const window = (
        await http(ctx, 'POST', `/groups/${groupId}/maintenanceWindows`, {
          body: { alertTypeNames: ['HOST'], startDate: start, endDate: end },
          expect: 200,
        })
      ).json;
      const moved = await hit(17, 'PATCH', `/groups/${groupId}/maintenanceWindows/${window.id}`, 201, {
        body: {
          alertTypeNames: ['HOST', 'REPLICA_SET'],
          startDate: start,
          endDate: end,
          description: 'conformance',
        },
      });
      assert(moved.json.description === 'conformance', `endpoint 17: ${moved.text}`);
      await hit(18, 'DELETE', `/groups/${groupId}/maintenanceWindows/${window.id}`, 204);
      // 19: the disk the agent reported.
      const host = (
        await http(ctx, 'GET', `/groups/${groupId}/hosts/byName/db0.example.com:27017`, { expect: 200 })
      ).json;
      const disk = await hit(19, 'GET', `/groups/${groupId}/hosts/${host.id}/disks/xvdf`, 200);
      assert(disk.json.partitionName === 'xvdf', `endpoint 19: ${disk.text}`);
      // 20, 21: the audit trail.
      const projectEvents = await hit(20, 'GET', `/groups/${groupId}/events`, 200);
      assert(projectEvents.json.totalCount > 0, `endpoint 20: ${projectEvents.text.slice(0, 200)}`);
      const orgEvents = await hit(21, 'GET', `/orgs/${orgId}/events`, 200);
      assert(
        orgEvents.json.results.some((e) => e.eventTypeName === 'FEDERATION_SETTINGS_DELETED') ||
          orgEvents.json.totalCount > 0,
        `endpoint 21: ${orgEvents.text.slice(0, 200)}`,
      );
      const missing = Array.from({ length: 21 }, (_, i) => i + 1).filter((n) => !seen.includes(n));
      assert(missing.length === 0, `core endpoints not exercised: ${missing.join(', ')}`);
      ctx.detail('21/21 core endpoints');
    },
  },
  {
    name: 'Swagger UI in headless Chromium: operations listed, "Try it out" returns 200',
    client: 'Chromium (playwright-core)',
    async run(ctx) {
      const executablePath = await chromiumExecutable();
      const { chromium } = require('playwright-core');
      const shots = join(ctx.root, 'test-output', 'conformance');
      mkdirSync(shots, { recursive: true });
      const browser = await chromium.launch({ executablePath, headless: true, args: QUIET_CHROMIUM_ARGS });
      ctx.detail(`browser ${executablePath}`);
      try {
        const context = await browser.newContext({
          httpCredentials: { username: ctx.state.publicKey, password: ctx.state.privateKey },
          viewport: { width: 1400, height: 1000 },
        });
        const page = await context.newPage();
        const response = await page.goto(`${ctx.origin}/docs`, { waitUntil: 'load' });
        assert(response && response.status() === 200, `GET /docs: ${response && response.status()}`);
        await page.waitForSelector('.opblock', { timeout: 30000 });
        await page.screenshot({ path: join(shots, 'swagger-ui.png'), fullPage: false });
        const document = JSON.parse(await (await fetch(`${ctx.origin}/docs-json`)).text());
        const tags = [
          ...new Set(
            Object.values(document.paths).flatMap((item) =>
              Object.values(item).flatMap((op) => op.tags || []),
            ),
          ),
        ];
        const shown = await page.$$eval('.opblock-tag', (nodes) =>
          nodes.map((n) => n.getAttribute('data-tag')),
        );
        const missingTags = tags.filter((tag) => !shown.includes(tag));
        assert(missingTags.length === 0, `Swagger UI does not list: ${missingTags.join(', ')}`);
        const operations = await page.$$eval('.opblock', (nodes) => nodes.length);
        const documented = Object.values(document.paths).reduce(
          (n, item) =>
            n + Object.keys(item).filter((k) => ['get', 'put', 'post', 'patch', 'delete'].includes(k)).length,
          0,
        );
        assert(
          operations === documented,
          `Swagger UI shows ${operations} operations, the document has ${documented}`,
        );
        // "Try it out" on GET /orgs/{orgId}: the browser answers the Digest challenge with the context's credentials.
        const block = page.locator('#operations-Organizations-Organizations_get');
        await block.locator('.opblock-summary').click();
        await block.locator('button.try-out__btn').click();
        await block
          .locator('input[placeholder="orgId"], tr[data-param-name="orgId"] input')
          .first()
          .fill(ctx.state.orgId);
        await block.locator('button.execute').click();
        const status = block
          .locator('.live-responses-table tbody tr.response td.response-col_status')
          .first();
        await status.waitFor({ timeout: 30000 });
        const statusText = (await status.innerText()).trim();
        const bodyText = await block
          .locator('.live-responses-table tbody tr.response td.response-col_description pre')
          .first()
          .innerText();
        await block.scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(shots, 'swagger-ui-try-it-out.png'), fullPage: false });
        assert(statusText.startsWith('200'), `Try it out answered ${statusText}: ${bodyText.slice(0, 300)}`);
        const body = JSON.parse(bodyText);
        assert(
          body.id === ctx.state.orgId && body.name === 'Acme',
          `Try it out body: ${bodyText.slice(0, 300)}`,
        );
        ctx.detail(
          `${operations} operations in ${tags.length} tags with ${executablePath}; screenshots in test-output/conformance`,
        );
        await context.close();
      } finally {
        await browser.close();
      }
    },
  },
];

module.exports = { scenarios };
