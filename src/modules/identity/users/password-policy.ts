const MIN_PASSWORD_LENGTH = 8;
const MAX_USERNAME_LENGTH = 255;

// Product rule (WEAK_PASSWORD): at least 8 characters with a letter, a digit and a special character.
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password) &&
    /[^\p{L}\p{Nd}]/u.test(password)
  );
}

// The username is a Digest user name, so it may not hold whitespace, control characters or the
// characters Digest quoting and the `name:realm:secret` hash input treat specially.
export function isValidUsername(username: string): boolean {
  return username.length > 0 && username.length <= MAX_USERNAME_LENGTH && !/[\s\p{Cc}:"\\]/u.test(username);
}
