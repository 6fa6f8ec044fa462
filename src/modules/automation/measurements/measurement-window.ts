import type { ApiError } from '../../../platform/http/api-error';
import { CommonErrors } from '../../../platform/http/error-codes';
import { parseIsoDateTime } from '../../../platform/http/iso-date-time';
import { AutomationErrors } from '../automation.errors';
import { parseIsoDuration } from './iso-duration';

// The granularities the product's measurements API offers (mongocli: PT10S is Atlas-only).
export const GRANULARITIES = ['PT1M', 'PT5M', 'PT1H', 'P1D'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

// A week of one-minute points: the most data points one series may hold in an answer.
export const MAX_DATA_POINTS = 7 * 24 * 60;

export interface MeasurementWindow {
  granularity: Granularity;
  granularityMs: number;
  start: Date;
  end: Date;
}

export interface WindowParameters {
  granularity?: string;
  period?: string;
  start?: string;
  end?: string;
}

// granularity is required; then either period (ending now) or start and end, never both.
export function resolveWindow(query: WindowParameters, now: Date): MeasurementWindow | ApiError {
  if (query.granularity === undefined) return CommonErrors.MISSING_QUERY_PARAMETER('granularity');
  if (!(GRANULARITIES as readonly string[]).includes(query.granularity)) {
    return CommonErrors.INVALID_QUERY_PARAMETER('granularity');
  }
  const granularity = query.granularity as Granularity;
  const granularityMs = parseIsoDuration(granularity) as number;
  let start: Date | undefined;
  let end: Date | undefined;
  if (query.period !== undefined) {
    if (query.start !== undefined || query.end !== undefined) {
      return AutomationErrors.MUTUALLY_EXCLUSIVE_QUERY_PARAMETERS(
        'period',
        query.start !== undefined ? 'start' : 'end',
      );
    }
    const periodMs = parseIsoDuration(query.period);
    if (periodMs === undefined) return CommonErrors.INVALID_QUERY_PARAMETER('period');
    end = now;
    start = new Date(now.getTime() - periodMs);
  } else {
    if (query.start === undefined && query.end === undefined)
      return CommonErrors.MISSING_QUERY_PARAMETER('period');
    if (query.start === undefined) return CommonErrors.MISSING_QUERY_PARAMETER('start');
    if (query.end === undefined) return CommonErrors.MISSING_QUERY_PARAMETER('end');
    start = parseIsoDateTime(query.start);
    if (start === undefined) return CommonErrors.INVALID_QUERY_PARAMETER('start');
    end = parseIsoDateTime(query.end);
    if (end === undefined || end.getTime() <= start.getTime())
      return CommonErrors.INVALID_QUERY_PARAMETER('end');
  }
  if ((end.getTime() - start.getTime()) / granularityMs > MAX_DATA_POINTS) {
    return CommonErrors.INVALID_QUERY_PARAMETER('granularity');
  }
  return { granularity, granularityMs, start, end };
}
