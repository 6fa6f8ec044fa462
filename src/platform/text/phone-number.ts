// A mobile number as SMS gateways take it: digits, an optional leading +, and the usual separators
// (spaces, dots, dashes, parentheses). Shared by SMS notifications and the number stored on a user, so
// a number a user can store is one an SMS notification would accept.
export const PHONE_NUMBER_PATTERN = /^\+?[0-9][0-9 ().-]{4,29}$/;
