// The error code a response was answered with, kept beside the response object (and gone with it), for
// figures counted once a response is finished: the agent API's refusals by reason, whichever step
// refused (authentication, body parsing, validation, the service).
const codes = new WeakMap<object, string>();

export function recordErrorCode(response: object, errorCode: string | undefined): void {
  if (errorCode !== undefined) codes.set(response, errorCode);
}

export function errorCodeOf(response: object): string | undefined {
  return codes.get(response);
}
