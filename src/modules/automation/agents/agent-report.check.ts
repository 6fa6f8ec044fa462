import { isIP } from 'class-validator';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import { isHostname } from '../../../platform/net/hostname';
import { HOST_TYPE_NAMES } from '../hosts/host-types';
import { AGENT_TYPES } from './agent-types';
import {
  MAX_HOSTS_PER_REPORT,
  MAX_PROCESSES_PER_REPORT,
  type AgentReportRequest,
} from './dto/agent-report.request';
import { MAX_DISKS_PER_HOST, MAX_MEASUREMENTS_PER_HOST } from './dto/report-host.request';
import { NAME_PATTERN } from './dto/report-measurement.request';
import { rememberSampleTimes } from './sample-times';

// The decorators of AgentReportRequest and its parts, written out for the bodies that satisfy them: a
// report of 10 hosts x 50 samples spent more CPU in class-transformer and class-validator than in the
// rest of its validation. Returns the body itself (undeclared nulls dropped, as the pipe does) when every
// field plainly passes, or undefined at the first doubt: the body then goes through the decorators,
// which name the field in the error exactly as before. Every rule here may therefore be stricter than its
// decorator, never looser (a string of at most N UTF-16 units is at most N characters for @Length, the
// converse is left to the decorators). Work is linear in the body and stops at the first doubt.

type Body = Record<string, unknown>;
type Rule = (value: unknown) => boolean;

const AGENT_TYPE_SET: ReadonlySet<unknown> = new Set(AGENT_TYPES);
const HOST_TYPE_SET: ReadonlySet<unknown> = new Set(HOST_TYPE_NAMES);
const PARTITION_NAME = /^[^/\s]+$/;
const MAX_PLAN_STEPS = 100;

const lengthIn =
  (min: number, max: number): Rule =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max;
const hostname: Rule = (value) => lengthIn(1, 255)(value) && isHostname(value);
const intIn =
  (min: number, max: number): Rule =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
const boolean: Rule = (value) => typeof value === 'boolean';
const dateTime: Rule = (value) => typeof value === 'string' && parseIsoDateTime(value) !== undefined;
const name255 = lengthIn(1, 255);
const text10k = lengthIn(0, 10_000);
const count = intIn(0, Number.MAX_SAFE_INTEGER);

// A JSON object as JSON.parse makes it (arrays, and objects of any other prototype, go to the decorators).
function isPlainObject(value: unknown): value is Body {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

const requiredCounts = new WeakMap<object, number>();
function requiredCount(required: object): number {
  let count = requiredCounts.get(required);
  if (count === undefined) {
    count = Object.keys(required).length;
    requiredCounts.set(required, count);
  }
  return count;
}

// Required fields must be present and pass; optional ones may be absent or null (dropped, as the pipe's
// @IsOptional and dropUndeclaredNulls do); any other key is for the decorators to refuse.
function fieldsPass(
  body: Body,
  required: Readonly<Record<string, Rule>>,
  optional: Readonly<Record<string, Rule>>,
): boolean {
  let present = 0;
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (Object.hasOwn(required, key)) {
      if (!required[key](value)) return false;
      present++;
    } else if (Object.hasOwn(optional, key)) {
      if (value === null) delete body[key];
      else if (!optional[key](value)) return false;
    } else {
      return false;
    }
  }
  return present === requiredCount(required);
}

const arrayOf =
  (max: number, item: Rule): Rule =>
  (value) =>
    Array.isArray(value) && value.length <= max && value.every(item);

const PLAN: Rule = arrayOf(MAX_PLAN_STEPS, lengthIn(0, 255));

const PROCESS_REQUIRED = { name: name255, hostname, lastGoalVersionAchieved: intIn(0, Infinity) };
const PROCESS_OPTIONAL = {
  plan: PLAN,
  errorCode: intIn(0, Infinity),
  errorCodeDescription: text10k,
  errorCodeHumanReadable: text10k,
  errorString: text10k,
};
const automationProcess: Rule = (value) =>
  isPlainObject(value) && fieldsPass(value, PROCESS_REQUIRED, PROCESS_OPTIONAL);

// The hot loop (every sample of every host): no closures, one parse of each timestamp, kept for later.
function sampleTime(value: unknown): Date | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 4) return undefined;
  // Four keys, all four named below: no other key.
  const { metricName, units, value: sampled, timestamp } = value;
  if (typeof metricName !== 'string' || metricName.length > 100 || !NAME_PATTERN.test(metricName))
    return undefined;
  if (typeof units !== 'string' || units.length > 32 || !NAME_PATTERN.test(units)) return undefined;
  if (typeof sampled !== 'number' || !Number.isFinite(sampled) || typeof timestamp !== 'string')
    return undefined;
  return parseIsoDateTime(timestamp);
}

const measurements: Rule = (value) => {
  if (!Array.isArray(value) || value.length > MAX_MEASUREMENTS_PER_HOST) return false;
  const times: Date[] = [];
  for (const item of value) {
    const at = sampleTime(item);
    if (at === undefined) return false;
    times.push(at);
  }
  rememberSampleTimes(value, times);
  return true;
};

const disk: Rule = (value) =>
  isPlainObject(value) &&
  fieldsPass(
    value,
    {
      partitionName: (name) => name255(name) && PARTITION_NAME.test(name as string),
    },
    {},
  );

const HOST_REQUIRED = {
  hostname,
  port: intIn(1, 65535),
  typeName: (value: unknown) => HOST_TYPE_SET.has(value),
  up: boolean,
};
const HOST_OPTIONAL = {
  replicaSetName: name255,
  clusterName: name255,
  version: lengthIn(1, 64),
  ipAddress: (value: unknown) => isIP(value),
  uptimeMsec: count,
  journalingEnabled: boolean,
  hasStartupWarnings: boolean,
  lowUlimit: boolean,
  sslEnabled: boolean,
  sslCertificateNotAfter: dateTime,
  lastDataSizeBytes: count,
  lastIndexSizeBytes: count,
  measurements,
  disks: arrayOf(MAX_DISKS_PER_HOST, disk),
};
const host: Rule = (value) => isPlainObject(value) && fieldsPass(value, HOST_REQUIRED, HOST_OPTIONAL);

const REPORT_REQUIRED = {
  agentType: (value: unknown) => AGENT_TYPE_SET.has(value),
  hostname,
  version: lengthIn(1, 64),
};
const REPORT_OPTIONAL = {
  processes: arrayOf(MAX_PROCESSES_PER_REPORT, automationProcess),
  hosts: arrayOf(MAX_HOSTS_PER_REPORT, host),
};

export function acceptPlainReport(body: unknown): AgentReportRequest | undefined {
  return isPlainObject(body) && fieldsPass(body, REPORT_REQUIRED, REPORT_OPTIONAL)
    ? (body as unknown as AgentReportRequest)
    : undefined;
}
