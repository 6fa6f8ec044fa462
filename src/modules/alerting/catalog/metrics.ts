// Units of thresholds and current values (the product's alert units: RAW ... DAYS).
export const UNITS = [
  'RAW',
  'BITS',
  'BYTES',
  'KILOBITS',
  'KILOBYTES',
  'MEGABITS',
  'MEGABYTES',
  'GIGABITS',
  'GIGABYTES',
  'TERABYTES',
  'PETABYTES',
  'MILLISECONDS',
  'SECONDS',
  'MINUTES',
  'HOURS',
  'DAYS',
] as const;
export type Unit = (typeof UNITS)[number];

// Units convert within a family only (product: UNITS_MISMATCH "units not convertible").
export type UnitFamily = 'RAW' | 'DATA' | 'TIME';

const FAMILY_OF_UNIT: Record<Unit, UnitFamily> = {
  RAW: 'RAW',
  BITS: 'DATA',
  BYTES: 'DATA',
  KILOBITS: 'DATA',
  KILOBYTES: 'DATA',
  MEGABITS: 'DATA',
  MEGABYTES: 'DATA',
  GIGABITS: 'DATA',
  GIGABYTES: 'DATA',
  TERABYTES: 'DATA',
  PETABYTES: 'DATA',
  MILLISECONDS: 'TIME',
  SECONDS: 'TIME',
  MINUTES: 'TIME',
  HOURS: 'TIME',
  DAYS: 'TIME',
};

export function unitFamily(unit: Unit): UnitFamily {
  return FAMILY_OF_UNIT[unit];
}

// Applied when metricThreshold.units is omitted.
export const DEFAULT_UNIT_OF_FAMILY: Record<UnitFamily, Unit> = {
  RAW: 'RAW',
  DATA: 'BYTES',
  TIME: 'MILLISECONDS',
};

const DATA = [
  'CACHE_BYTES_READ_INTO',
  'CACHE_BYTES_WRITTEN_FROM',
  'CACHE_DIRTY_BYTES',
  'CACHE_USED_BYTES',
  'JOURNALING_MB',
  'JOURNALING_WRITE_DATA_FILES_MB',
  'MEMORY_RESIDENT',
  'MEMORY_VIRTUAL',
  'MEMORY_MAPPED',
  'COMPUTED_MEMORY',
  'NETWORK_BYTES_IN',
  'NETWORK_BYTES_OUT',
  'OPLOG_RATE_GB_PER_HOUR',
  'DB_STORAGE_TOTAL',
  'DB_DATA_SIZE_TOTAL',
  'SYSTEM_MEMORY_USED',
  'SYSTEM_MEMORY_FREE',
  'SYSTEM_MEMORY_AVAILABLE',
  'SYSTEM_NETWORK_BYTES_IN',
  'SYSTEM_NETWORK_BYTES_OUT',
  'SWAP_USAGE_USED',
  'SWAP_USAGE_FREE',
];

const TIME = [
  'BACKGROUND_FLUSH_AVG',
  'OPLOG_MASTER_TIME',
  'OPLOG_MASTER_LAG_TIME_DIFF',
  'OPLOG_SLAVE_LAG_MASTER_TIME',
  'OP_EXECUTION_TIME_READS',
  'OP_EXECUTION_TIME_WRITES',
  'OP_EXECUTION_TIME_COMMANDS',
];

// Counts, rates, ratios and percentages.
const RAW = [
  'ASSERT_REGULAR',
  // The product's own example spelling (its acknowledge sample); the measurement list spells ASSERT_REGULAR.
  'ASSERTS_REGULAR',
  'ASSERT_WARNING',
  'ASSERT_MSG',
  'ASSERT_USER',
  'TICKETS_AVAILABLE_READS',
  'TICKETS_AVAILABLE_WRITE',
  'CONNECTIONS',
  'CURSORS_TOTAL_OPEN',
  'CURSORS_TOTAL_TIMED_OUT',
  'EXTRA_INFO_PAGE_FAULTS',
  'GLOBAL_ACCESSES_NOT_IN_MEMORY',
  'GLOBAL_PAGE_FAULT_EXCEPTIONS_THROWN',
  'GLOBAL_LOCK_CURRENT_QUEUE_TOTAL',
  'GLOBAL_LOCK_CURRENT_QUEUE_READERS',
  'GLOBAL_LOCK_CURRENT_QUEUE_WRITERS',
  'INDEX_COUNTERS_BTREE_ACCESSES',
  'INDEX_COUNTERS_BTREE_HITS',
  'INDEX_COUNTERS_BTREE_MISSES',
  'INDEX_COUNTERS_BTREE_MISS_RATIO',
  'JOURNALING_COMMITS_IN_WRITE_LOCK',
  'NETWORK_NUM_REQUESTS',
  'OPCOUNTER_CMD',
  'OPCOUNTER_QUERY',
  'OPCOUNTER_UPDATE',
  'OPCOUNTER_DELETE',
  'OPCOUNTER_GETMORE',
  'OPCOUNTER_INSERT',
  'OPCOUNTER_REPL_CMD',
  'OPCOUNTER_REPL_UPDATE',
  'OPCOUNTER_REPL_DELETE',
  'OPCOUNTER_REPL_INSERT',
  'DOCUMENT_METRICS_RETURNED',
  'DOCUMENT_METRICS_INSERTED',
  'DOCUMENT_METRICS_UPDATED',
  'DOCUMENT_METRICS_DELETED',
  'OPERATIONS_SCAN_AND_ORDER',
  'RESTARTS_IN_LAST_HOUR',
  'QUERY_EXECUTOR_SCANNED',
  'QUERY_EXECUTOR_SCANNED_OBJECTS',
  'QUERY_TARGETING_SCANNED_PER_RETURNED',
  'QUERY_TARGETING_SCANNED_OBJECTS_PER_RETURNED',
  // Percentage of the data partition used; the product's webhook sample reports it in RAW.
  'DISK_PARTITION_SPACE_USED_DATA',
];

// metricName values usable in alerts with the unit family of their threshold.
export const METRICS: ReadonlyMap<string, UnitFamily> = new Map([
  ...DATA.map((name) => [name, 'DATA'] as const),
  ...TIME.map((name) => [name, 'TIME'] as const),
  ...RAW.map((name) => [name, 'RAW'] as const),
]);

export function metricUnitFamily(metricName: string): UnitFamily | undefined {
  return METRICS.get(metricName);
}

// metricThreshold.mode (TOTAL is refused with TOTAL_MODE_DEPRECATED) and both threshold operators.
export const THRESHOLD_MODES = ['AVERAGE'] as const;
export const THRESHOLD_OPERATORS = ['GREATER_THAN', 'LESS_THAN'] as const;
export type ThresholdOperator = (typeof THRESHOLD_OPERATORS)[number];
