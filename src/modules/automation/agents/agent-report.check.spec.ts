import { ApiError } from '../../../platform/http/api-error';
import { ApiValidationPipe, checkBodyByHand } from '../../../platform/http/validation';
import { acceptPlainReport } from './agent-report.check';
import { AgentReportRequest } from './dto/agent-report.request';
import { sampleTimesOf } from './sample-times';

// The hand-written check against the decorators it stands in for: every body below goes through the pipe
// without the check (as before) and with it; the answers (accepted value, or error body) must not differ.

type Json = Record<string, unknown>;

const AT = '2024-01-15T10:30:00Z';

function fullReport(): Json {
  return {
    agentType: 'AUTOMATION',
    hostname: 'agent0.example.com',
    version: '107.0.0.8465-1',
    processes: [
      {
        name: 'rs0_1',
        hostname: 'db0.example.com',
        lastGoalVersionAchieved: 11,
        plan: ['Download', 'WaitRsInit'],
        errorCode: 0,
        errorCodeDescription: '',
        errorCodeHumanReadable: '',
        errorString: '',
      },
    ],
    hosts: [
      {
        hostname: 'db0.example.com',
        port: 27017,
        typeName: 'REPLICA_PRIMARY',
        replicaSetName: 'rs0',
        clusterName: 'shop',
        up: true,
        version: '7.0.12',
        ipAddress: '10.0.0.12',
        uptimeMsec: 86400000,
        journalingEnabled: true,
        hasStartupWarnings: false,
        lowUlimit: false,
        sslEnabled: true,
        sslCertificateNotAfter: '2025-06-30T00:00:00Z',
        lastDataSizeBytes: 1073741824,
        lastIndexSizeBytes: 104857600,
        measurements: [
          { metricName: 'CONNECTIONS', units: 'SCALAR', value: 42, timestamp: AT },
          { metricName: 'OPCOUNTER_QUERY', units: 'SCALAR_PER_SECOND', value: 1.5, timestamp: AT },
        ],
        disks: [{ partitionName: 'xvdf' }],
      },
      { hostname: '10.0.0.13', port: 27018, typeName: 'STANDALONE', up: false },
    ],
  };
}

// Paths of every field of fullReport(), e.g. ['hosts', 0, 'measurements', 1, 'value'].
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => fieldPaths(item, [...prefix, index]));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...fieldPaths(item, [...prefix, key]),
    ]);
  }
  return [];
}

const NOT_THERE = Symbol('absent');

// As a request body arrives: JSON.parse's objects (structuredClone's come from another realm under jest).
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const ODD_VALUES: unknown[] = [
  NOT_THERE,
  null,
  '',
  'x',
  'X'.repeat(65),
  'a'.repeat(256),
  '\u{1D4B3}'.repeat(200),
  'é',
  'db 0',
  'db/0',
  '-db0',
  'CONNECTIONS',
  'connections',
  'ROBOT',
  'fe80::1%eth0',
  '[::1]',
  '::1',
  '2024-02-30T00:00:00Z',
  '2024-01-15T10:30:00+0400',
  '2024-01-15',
  0,
  -0,
  -1,
  1,
  1.5,
  65536,
  2 ** 53,
  1e308,
  true,
  false,
  [],
  [null],
  ['a'.repeat(256)],
  Array.from({ length: 101 }, () => 'step'),
  {},
  { metricName: 'CONNECTIONS', units: 'SCALAR', value: 1, timestamp: AT },
];

function setAt(body: Json, path: (string | number)[], value: unknown): Json {
  const copy = clone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === NOT_THERE) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = clone(value);
  }
  return copy;
}

function withKey(body: Json, path: (string | number)[], key: string): Json {
  const copy = clone(body);
  let target = copy as Record<string | number, unknown>;
  for (const step of path) target = target[step] as Record<string | number, unknown>;
  // JSON.parse makes `__proto__` an own key, as a request body would have it.
  Object.assign(target, JSON.parse(`{${JSON.stringify(key)}: 1}`) as object);
  return copy;
}

function bodies(): [string, unknown][] {
  const base = fullReport();
  const cases: [string, unknown][] = [
    ['the full report', base],
    ['a heartbeat', { agentType: 'MONITORING', hostname: 'agent0', version: '1' }],
    ['a monitoring report', { ...setAt(base, ['processes'], NOT_THERE), agentType: 'MONITORING' }],
    ['null', null],
    ['an array', [base]],
    ['a string', 'report'],
    ['a number', 1],
    ['an empty object', {}],
    ['too many hosts', { ...base, hosts: Array.from({ length: 1001 }, () => ({})) }],
    [
      'too many samples',
      setAt(
        base,
        ['hosts', 0, 'measurements'],
        Array.from({ length: 1001 }, () => ({})),
      ),
    ],
  ];
  for (const path of fieldPaths(base)) {
    for (const value of ODD_VALUES) {
      const shown = value === NOT_THERE ? 'absent' : JSON.stringify(value).slice(0, 20);
      cases.push([`${path.join('.')} = ${shown}`, setAt(base, path, value)]);
    }
  }
  for (const path of [
    [],
    ['processes', 0],
    ['hosts', 0],
    ['hosts', 0, 'measurements', 0],
    ['hosts', 0, 'disks', 0],
  ]) {
    for (const key of ['colour', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      cases.push([`${[...path, key].join('.')} added`, withKey(base, path, key)]);
    }
  }
  return cases;
}

type Outcome = { accepted: unknown } | { refused: ReturnType<ApiError['toBody']> };

async function outcomeOf(pipe: ApiValidationPipe, body: unknown): Promise<Outcome> {
  try {
    const accepted = await pipe.transform(clone(body), {
      type: 'body',
      metatype: AgentReportRequest,
      data: undefined,
    });
    // Class instances or plain objects: compared by their JSON, which is what the service reads.
    return { accepted: JSON.parse(JSON.stringify(accepted)) as unknown };
  } catch (error) {
    if (error instanceof ApiError) return { refused: error.toBody() };
    throw error;
  }
}

describe('acceptPlainReport', () => {
  const cases = bodies();
  const before = new Map<string, Outcome>();

  beforeAll(async () => {
    const decoratorsOnly = new ApiValidationPipe();
    for (const [name, body] of cases) before.set(name, await outcomeOf(decoratorsOnly, body));
    checkBodyByHand(AgentReportRequest, acceptPlainReport);
  });

  it('should answer every body as the decorators do', async () => {
    const withCheck = new ApiValidationPipe();
    const differences: string[] = [];
    for (const [name, body] of cases) {
      const after = await outcomeOf(withCheck, body);
      if (JSON.stringify(after) !== JSON.stringify(before.get(name))) differences.push(name);
    }
    expect(differences).toEqual([]);
    // The table holds both kinds, and many of each.
    const refused = [...before.values()].filter((outcome) => 'refused' in outcome).length;
    expect(refused).toBeGreaterThan(300);
    expect(cases.length - refused).toBeGreaterThan(50);
  });

  it('should accept nothing the decorators refuse, and most of what they accept', () => {
    const acceptedByHand = cases.filter(([, body]) => acceptPlainReport(clone(body)) !== undefined);
    const wronglyAccepted = acceptedByHand
      .filter(([name]) => 'refused' in before.get(name)!)
      .map(([name]) => name);
    expect(wronglyAccepted).toEqual([]);
    expect(acceptedByHand.length).toBeGreaterThan(50);
  });

  it('should itself accept the usual valid reports, dropping the nulls of optional fields', () => {
    for (const name of ['the full report', 'a heartbeat', 'a monitoring report']) {
      const body = cases.find(([caseName]) => caseName === name)![1];
      expect(acceptPlainReport(clone(body))).toBeDefined();
    }
    const withNulls = setAt(
      setAt(fullReport(), ['hosts', 0, 'version'], null),
      ['processes', 0, 'plan'],
      null,
    );
    const accepted = acceptPlainReport(withNulls) as unknown as Json;
    const firstHost = (accepted.hosts as Json[])[0];
    expect(Object.hasOwn(firstHost, 'version')).toBe(false);
    expect(Object.hasOwn((accepted.processes as Json[])[0], 'plan')).toBe(false);
  });

  it('should leave the parsed instant of each sample for the later steps', () => {
    const accepted = acceptPlainReport(fullReport())!;
    const samples = accepted.hosts![0].measurements!;
    samples[0].timestamp = 'not read again';
    expect(sampleTimesOf(samples)).toEqual([new Date(AT), new Date(AT)]);
  });
});
