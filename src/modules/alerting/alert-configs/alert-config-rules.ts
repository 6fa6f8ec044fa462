import { CommonErrors } from '../../../platform/http/error-codes';
import { linearRegex, PatternRefusedError } from '../../../platform/text/linear-regex';
import { AlertingErrors, eventTypeWithoutSource } from '../alerting.errors';
import { missingSourceReason } from '../catalog/alert-sources';
import { eventTypeInfo, type MatcherTarget } from '../catalog/event-types';
import {
  HOST_TYPE_NAMES,
  MATCHER_FIELDS_BY_TARGET,
  MAX_MATCHER_PROGRAM_SIZE,
  MAX_MATCHERS,
  type MatcherFieldName,
} from '../catalog/matchers';
import { DEFAULT_UNIT_OF_FAMILY, metricUnitFamily, unitFamily, type Unit } from '../catalog/metrics';
import type {
  AlertConfigDraft,
  AlertConfigInput,
  Matcher,
  MatcherInput,
  MetricThreshold,
  MetricThresholdInput,
  Threshold,
  ThresholdInput,
} from './alert-config.types';
import { checkNotifications } from './notification-rules';

// Validates a configuration as the product does and returns it with every
// default applied. Throws the product's ApiError naming the offending field.
export function checkAlertConfig(input: AlertConfigInput): AlertConfigDraft {
  const info = eventTypeInfo(input.eventTypeName);
  if (!info?.alertable) throw AlertingErrors.INVALID_EVENT_TYPE_FOR_ALERT(input.eventTypeName);
  // A configuration nothing can raise would stay silent forever: refused, saying why.
  const missing = missingSourceReason(input.eventTypeName);
  if (missing !== undefined) throw eventTypeWithoutSource(input.eventTypeName, missing);
  return {
    eventTypeName: input.eventTypeName,
    enabled: input.enabled ?? false,
    matchers: checkMatchers(input.matchers ?? [], input.eventTypeName, info.target),
    metricThreshold: checkMetricThreshold(
      input.metricThreshold,
      input.eventTypeName,
      info.threshold === 'METRIC',
    ),
    threshold: checkThreshold(input.threshold, input.eventTypeName, info.threshold === 'MEMBER_COUNT'),
    notifications: checkNotifications(input.notifications ?? []),
  };
}

function checkMatchers(
  matchers: MatcherInput[],
  eventTypeName: string,
  target: MatcherTarget | undefined,
): Matcher[] {
  if (matchers.length === 0) return [];
  if (target === undefined) {
    throw CommonErrors.VALIDATION_ERROR('matchers', `event type ${eventTypeName} does not support matchers`);
  }
  return checkMatcherList(matchers, MATCHER_FIELDS_BY_TARGET[target]);
}

// The matchers of a configuration or of a scoped maintenance window: at most MAX_MATCHERS, each field name
// among `fields`, a TYPE_NAME or PORT compared exactly must be a value the field can take, a REGEX must
// compile, and all REGEX matchers together within MAX_MATCHER_PROGRAM_SIZE instructions.
export function checkMatcherList(matchers: MatcherInput[], fields: readonly MatcherFieldName[]): Matcher[] {
  if (matchers.length > MAX_MATCHERS) {
    throw CommonErrors.VALIDATION_ERROR('matchers', `at most ${MAX_MATCHERS} matchers`);
  }
  let programSize = 0;
  return matchers.map((matcher, index) => {
    const path = `matchers[${index}]`;
    // An explicit null reaches here as absent (the validation pipe drops it).
    if (matcher.fieldName === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${path}.fieldName`);
    if (matcher.value === undefined) throw CommonErrors.MISSING_ATTRIBUTE(`${path}.value`);
    if (!fields.includes(matcher.fieldName as never)) {
      throw CommonErrors.INVALID_ENUM_VALUE(matcher.fieldName, `${path}.fieldName`);
    }
    const exact = matcher.operator === 'EQUALS' || matcher.operator === 'NOT_EQUALS';
    if (matcher.fieldName === 'TYPE_NAME' && exact && !HOST_TYPE_NAMES.includes(matcher.value as never)) {
      throw CommonErrors.INVALID_ENUM_VALUE(matcher.value, `${path}.value`);
    }
    if (matcher.fieldName === 'PORT' && exact && !isPort(matcher.value)) {
      throw CommonErrors.VALIDATION_ERROR(`${path}.value`, 'a port must be an integer between 1 and 65535');
    }
    if (matcher.operator === 'REGEX') {
      programSize += programSizeOf(matcher.value, `${path}.value`);
      if (programSize > MAX_MATCHER_PROGRAM_SIZE) {
        throw CommonErrors.VALIDATION_ERROR(
          'matchers',
          `the REGEX matchers together compile to more than ${MAX_MATCHER_PROGRAM_SIZE} instructions`,
        );
      }
    }
    return { fieldName: matcher.fieldName, operator: matcher.operator, value: matcher.value };
  });
}

function programSizeOf(pattern: string, path: string): number {
  try {
    return linearRegex(pattern).programSize;
  } catch (error) {
    if (!(error instanceof PatternRefusedError)) throw error;
    throw CommonErrors.VALIDATION_ERROR(
      path,
      `it is not a valid regular expression (RE2 syntax): ${error.reason}`,
    );
  }
}

function checkMetricThreshold(
  input: MetricThresholdInput | undefined,
  eventTypeName: string,
  required: boolean,
): MetricThreshold | null {
  if (input === undefined) {
    if (required) throw AlertingErrors.MISSING_METRIC_THRESHOLD(eventTypeName);
    return null;
  }
  if (!required) throw AlertingErrors.METRIC_THRESHOLD_PRESENT(eventTypeName);
  const family = metricUnitFamily(input.metricName);
  if (family === undefined) throw AlertingErrors.INVALID_METRIC_NAME(input.metricName);
  const mode = input.mode ?? 'AVERAGE';
  if (mode === 'TOTAL') throw AlertingErrors.TOTAL_MODE_DEPRECATED();
  if (mode !== 'AVERAGE') throw CommonErrors.INVALID_ENUM_VALUE(mode, 'metricThreshold.mode');
  const units = (input.units ?? DEFAULT_UNIT_OF_FAMILY[family]) as Unit;
  if (unitFamily(units) !== family) throw AlertingErrors.UNITS_MISMATCH(units, input.metricName);
  return { metricName: input.metricName, mode, operator: input.operator, threshold: input.threshold, units };
}

function checkThreshold(
  input: ThresholdInput | undefined,
  eventTypeName: string,
  required: boolean,
): Threshold | null {
  if (input === undefined) {
    if (required) throw AlertingErrors.MISSING_THRESHOLD(eventTypeName);
    return null;
  }
  if (!required) throw AlertingErrors.THRESHOLD_PRESENT(eventTypeName);
  const units = input.units ?? 'RAW';
  // A number of replica-set members: a plain count.
  if (units !== 'RAW') throw AlertingErrors.UNITS_MISMATCH(units, eventTypeName);
  if (input.threshold < 0) throw CommonErrors.ATTRIBUTE_NEGATIVE('threshold.threshold');
  if (!Number.isInteger(input.threshold)) {
    throw CommonErrors.VALIDATION_ERROR('threshold.threshold', 'a number of members must be an integer');
  }
  return { operator: input.operator, threshold: input.threshold, units };
}

function isPort(value: string): boolean {
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;
}
