import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import type { ReportHostRequest } from '../agents/dto/report-host.request';
import type { HostEntity } from './host.entity';

// The facts a monitoring agent reports about a process (the product's host resource fields, plus the
// expiry of the certificate it serves).
export type HostFactFields = Pick<
  HostEntity,
  | 'version'
  | 'ipAddress'
  | 'uptimeMsec'
  | 'journalingEnabled'
  | 'hasStartupWarnings'
  | 'lowUlimit'
  | 'sslEnabled'
  | 'lastDataSizeBytes'
  | 'lastIndexSizeBytes'
  | 'sslCertificateNotAfter'
  | 'aliases'
  | 'hiddenSecondary'
  | 'lastRestart'
  | 'slaveDelaySec'
>;

// A host no agent has described yet.
export const UNREPORTED_FACTS: Omit<HostFactFields, 'sslEnabled'> = {
  version: null,
  ipAddress: null,
  uptimeMsec: null,
  journalingEnabled: null,
  hasStartupWarnings: null,
  lowUlimit: null,
  lastDataSizeBytes: null,
  lastIndexSizeBytes: null,
  sslCertificateNotAfter: null,
  aliases: [],
  hiddenSecondary: null,
  lastRestart: null,
  slaveDelaySec: null,
};

// A report replaces the facts it carries and keeps the others: an agent that cannot read a fact this
// time (a host reported down says little) does not erase what was known.
export function mergeFacts(previous: HostFactFields, reported: ReportHostRequest): HostFactFields {
  return {
    version: reported.version ?? previous.version,
    ipAddress: reported.ipAddress ?? previous.ipAddress,
    uptimeMsec: reported.uptimeMsec ?? previous.uptimeMsec,
    journalingEnabled: reported.journalingEnabled ?? previous.journalingEnabled,
    hasStartupWarnings: reported.hasStartupWarnings ?? previous.hasStartupWarnings,
    lowUlimit: reported.lowUlimit ?? previous.lowUlimit,
    sslEnabled: reported.sslEnabled ?? previous.sslEnabled,
    lastDataSizeBytes: reported.lastDataSizeBytes ?? previous.lastDataSizeBytes,
    lastIndexSizeBytes: reported.lastIndexSizeBytes ?? previous.lastIndexSizeBytes,
    sslCertificateNotAfter:
      reported.sslCertificateNotAfter === undefined
        ? previous.sslCertificateNotAfter
        : (parseIsoDateTime(reported.sslCertificateNotAfter) ?? previous.sslCertificateNotAfter),
    aliases: reported.aliases ?? previous.aliases,
    hiddenSecondary: reported.hiddenSecondary ?? previous.hiddenSecondary,
    lastRestart:
      reported.lastRestart === undefined
        ? previous.lastRestart
        : (parseIsoDateTime(reported.lastRestart) ?? previous.lastRestart),
    slaveDelaySec: reported.slaveDelaySec ?? previous.slaveDelaySec,
  };
}
