'use strict';
/* global fetch */
// `npm run agent:simulate -- --project <GROUP-ID> --agent-key <KEY> [options]`: realistic agents for one
// project, talking to a running service through the agent API only (POST /agents/v1/groups/{id}/reports,
// HTTP Basic: user = project id, password = agent API key). One monitoring agent reports every host with
// its measurements and disks; one automation agent per host reports its process. Prints every round.
//
// Options:
//   --base-url <url>        service origin (default http://localhost:8080)
//   --project <id>          project (group) id                                  (required)
//   --agent-key <key>       one of the project's agent API keys                  (required)
//   --hosts <n>             members of the simulated replica set rs0 (default 3)
//   --interval <seconds>    time between rounds of reports (default 10)
//   --duration <seconds>    stop after this long; 0 runs until Ctrl-C (default 0)
//   --scenario <list>       comma-separated: host-down (the last host goes down for a while and comes
//                           back), metric-spike (connections on the first host jump twentyfold for a while),
//                           old-agent (the monitoring agent reports an old version) (default none)
//   --scenario-after <s>    seconds before the scenarios start (default 3 intervals)
//   --scenario-for <s>      how long they last (default 4 intervals)
//   --goal-version <n>      automation configuration version the processes reach (default 1)
//   --domain <name>         DNS suffix of the simulated hosts (default example.internal)

const CURRENT_VERSION = '107.0.0.8465-1';
const OLD_VERSION = '106.0.5.8000-1';
const SCENARIOS = ['host-down', 'metric-spike', 'old-agent'];

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2);
    const value = inline !== undefined ? inline : argv[++i];
    if (value === undefined) throw new Error(`--${name} needs a value`);
    options[name] = value;
  }
  return options;
}

function number(value, fallback, name) {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`--${name} must be a number >= 0`);
  return parsed;
}

function simulationOptions(raw) {
  if (!raw.project) throw new Error('--project is required');
  if (!raw['agent-key']) throw new Error('--agent-key is required');
  const interval = number(raw.interval, 10, 'interval');
  const scenarios = (raw.scenario || '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== 'none');
  for (const scenario of scenarios) {
    if (!SCENARIOS.includes(scenario)) throw new Error(`unknown scenario ${scenario} (${SCENARIOS.join(', ')})`);
  }
  return {
    baseUrl: (raw['base-url'] || 'http://localhost:8080').replace(/\/+$/, ''),
    project: raw.project,
    agentKey: raw['agent-key'],
    hosts: Math.max(1, Math.floor(number(raw.hosts, 3, 'hosts'))),
    interval: Math.max(0.2, interval),
    duration: number(raw.duration, 0, 'duration'),
    scenarios,
    scenarioAfter: number(raw['scenario-after'], 3 * interval, 'scenario-after'),
    scenarioFor: number(raw['scenario-for'], 4 * interval, 'scenario-for'),
    goalVersion: Math.floor(number(raw['goal-version'], 1, 'goal-version')),
    domain: raw.domain || 'example.internal',
  };
}

function hostsOf(options) {
  return Array.from({ length: options.hosts }, (_, i) => ({
    hostname: `db${i}.${options.domain}`,
    port: 27017,
    process: `rs0_${i}`,
    typeName: i === 0 ? 'REPLICA_PRIMARY' : 'REPLICA_SECONDARY',
  }));
}

// Smooth, slightly noisy series so charts look like a real deployment.
function metricsOf(host, index, elapsedS, spike) {
  const wave = Math.sin(elapsedS / 60 + index);
  const noise = () => Math.random() * 0.1 + 0.95;
  const connections = Math.round((120 + 40 * wave) * noise() * (spike ? 20 : 1));
  const primary = host.typeName === 'REPLICA_PRIMARY';
  return [
    ['CONNECTIONS', 'SCALAR', connections],
    ['OPCOUNTER_QUERY', 'SCALAR_PER_SECOND', (primary ? 350 : 90) * (1 + 0.3 * wave) * noise()],
    ['OPCOUNTER_INSERT', 'SCALAR_PER_SECOND', (primary ? 80 : 0) * noise()],
    ['OPCOUNTER_UPDATE', 'SCALAR_PER_SECOND', (primary ? 45 : 0) * noise()],
    ['OPCOUNTER_REPL_INSERT', 'SCALAR_PER_SECOND', (primary ? 0 : 80) * noise()],
    ['MEMORY_RESIDENT', 'MEGABYTES', 2048 + 64 * wave],
    ['MEMORY_VIRTUAL', 'MEGABYTES', 4096 + 32 * wave],
    ['NETWORK_BYTES_IN', 'BYTES_PER_SECOND', 250000 * (1 + 0.2 * wave) * noise()],
    ['NETWORK_BYTES_OUT', 'BYTES_PER_SECOND', 610000 * (1 + 0.2 * wave) * noise()],
    ['SYSTEM_CPU_USER', 'PERCENT', Math.min(100, (22 + 8 * wave) * noise() * (spike ? 3 : 1))],
    ['DISK_PARTITION_SPACE_PERCENT_USED', 'PERCENT', 61 + index + elapsedS / 3600],
    ['OPLOG_MASTER_LAG_TIME_DIFF', 'SECONDS', primary ? 0 : Math.abs(2 * wave)],
  ].map(([metricName, units, value]) => ({ metricName, units, value: Math.round(value * 100) / 100 }));
}

async function post(options, body) {
  const response = await fetch(`${options.baseUrl}/agents/v1/groups/${options.project}/reports`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${options.project}:${options.agentKey}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 202) {
    const text = await response.text();
    throw new Error(`report refused: ${response.status} ${text}`);
  }
}

// One round: the monitoring agent's report, then each automation agent's.
async function round(options, state, log) {
  const elapsedS = (Date.now() - state.startedAt) / 1000;
  const inScenario = elapsedS >= options.scenarioAfter && elapsedS < options.scenarioAfter + options.scenarioFor;
  const downHost = inScenario && options.scenarios.includes('host-down') ? state.hosts[state.hosts.length - 1] : null;
  const spike = inScenario && options.scenarios.includes('metric-spike');
  const version = options.scenarios.includes('old-agent') ? OLD_VERSION : CURRENT_VERSION;
  const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

  const hosts = state.hosts.map((host, index) => {
    const up = host !== downHost;
    return {
      hostname: host.hostname,
      port: host.port,
      typeName: host.typeName,
      replicaSetName: 'rs0',
      up,
      measurements: up
        ? metricsOf(host, index, elapsedS, spike && index === 0).map((m) => ({ ...m, timestamp }))
        : [],
      disks: [{ partitionName: 'xvda1' }, { partitionName: 'xvdf' }],
    };
  });
  await post(options, { agentType: 'MONITORING', hostname: `monitor.${options.domain}`, version, hosts });

  for (const host of state.hosts) {
    if (host === downHost) continue;
    const reached = state.rounds >= 2;
    await post(options, {
      agentType: 'AUTOMATION',
      hostname: host.hostname,
      version: CURRENT_VERSION,
      processes: [
        {
          name: host.process,
          hostname: host.hostname,
          lastGoalVersionAchieved: reached ? options.goalVersion : Math.max(0, options.goalVersion - 1),
          plan: reached ? [] : ['Download', 'Start', 'WaitRsInit'],
          errorCode: 0,
          errorCodeDescription: '',
          errorCodeHumanReadable: '',
          errorString: '',
        },
      ],
    });
  }
  state.rounds += 1;
  const samples = hosts.reduce((count, host) => count + host.measurements.length, 0);
  const notes = [];
  if (downHost) notes.push(`${downHost.hostname} DOWN`);
  if (spike) notes.push(`connection spike on ${state.hosts[0].hostname}`);
  if (version === OLD_VERSION) notes.push(`monitoring agent on old version ${OLD_VERSION}`);
  log(
    `round ${state.rounds}: 1 monitoring report (${hosts.length} hosts, ${samples} samples) + ` +
      `${state.hosts.length - (downHost ? 1 : 0)} automation reports${notes.length ? ` [${notes.join('; ')}]` : ''}`,
  );
}

// Runs until the duration is over (or forever with duration 0); resolves with the number of rounds.
async function runSimulation(options, log = console.log) {
  const state = { hosts: hostsOf(options), startedAt: Date.now(), rounds: 0 };
  log(
    `simulating ${state.hosts.length} hosts of replica set rs0 for project ${options.project} at ${options.baseUrl}, ` +
      `every ${options.interval}s${options.duration ? ` for ${options.duration}s` : ' until Ctrl-C'}` +
      (options.scenarios.length
        ? `; scenarios ${options.scenarios.join(', ')} from ${options.scenarioAfter}s for ${options.scenarioFor}s`
        : ''),
  );
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.once('SIGINT', stop);
  try {
    while (!stopped) {
      const started = Date.now();
      await round(options, state, log);
      if (options.duration && (Date.now() - state.startedAt) / 1000 + options.interval > options.duration) break;
      const wait = Math.max(0, options.interval * 1000 - (Date.now() - started));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  } finally {
    process.removeListener('SIGINT', stop);
  }
  log(`simulation finished after ${state.rounds} rounds`);
  return state.rounds;
}

module.exports = { runSimulation, simulationOptions, parseArgs };

if (require.main === module) {
  let options;
  try {
    options = simulationOptions(parseArgs(process.argv.slice(2)));
  } catch (error) {
    process.stderr.write(`agent:simulate: ${error.message}\n(see the options at the top of scripts/agent-simulate.js)\n`);
    process.exit(2);
  }
  const log = (line) => process.stdout.write(`[${new Date().toISOString().slice(11, 19)}] ${line}\n`);
  runSimulation(options, log).catch((error) => {
    process.stderr.write(`agent:simulate failed: ${error.message}\n`);
    process.exit(1);
  });
}
