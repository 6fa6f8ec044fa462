// Types for known-deviations.js, shared by the conformance suite and the e2e response check.
export const KNOWN_DEVIATIONS: Array<{ pattern: RegExp; reason?: string }>;
export function splitKnown(problems: string[]): { known: string[]; unknown: string[] };
