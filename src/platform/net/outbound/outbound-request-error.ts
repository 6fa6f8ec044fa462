// REFUSED: the destination is not allowed (SSRF guard); INVALID_REQUEST: not an absolute http(s) URL,
// or a header node refuses to send; TIMEOUT: no complete answer within the per-attempt timeout;
// NETWORK: DNS, connection or TLS failure.
export type OutboundFailure = 'REFUSED' | 'INVALID_REQUEST' | 'TIMEOUT' | 'NETWORK';

export class OutboundRequestError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    // Set by the client once the attempt is over.
    public latencyMs = 0,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}
