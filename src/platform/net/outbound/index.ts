export { OutboundModule } from './outbound.module';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  OutboundHttpClient,
  type OutboundClientOptions,
  type OutboundRequest,
  type OutboundResponse,
} from './outbound-http-client';
export { OutboundPolicy } from './outbound-policy';
export { OutboundRequestError, type OutboundFailure } from './outbound-request-error';
export { blockedRangeOf, type BlockedRange } from './blocked-ranges';
export { systemResolver, type HostResolver, type ResolvedAddress } from './guarded-lookup';
export { withOutboundTimeout } from './outbound-deadline';
export { parseAllowlistEntry, type AllowlistEntry } from './allowlist-entry';
