import { isStrongPassword, isValidUsername } from './password-policy';

describe('first-user password and username rules', () => {
  it.each(['Abcdef1!', 'correct-horse-9', 'Pässwört-1'])('should accept %p when it has a letter, a digit and a symbol', (p) => {
    expect(isStrongPassword(p)).toBe(true);
  });

  it.each(['Ab1!', 'abcdefgh1', 'abcdefgh!', '12345678!', ''])('should refuse %p when a rule is broken', (p) => {
    expect(isStrongPassword(p)).toBe(false);
  });

  it.each(['jane.doe@example.com', 'admin', 'a_b-c+d'])('should accept username %p', (u) => {
    expect(isValidUsername(u)).toBe(true);
  });

  it.each(['', 'jane doe', 'a:b', 'a"b', 'a\\b', 'tab\there', 'x'.repeat(256)])('should refuse username %p', (u) => {
    expect(isValidUsername(u)).toBe(false);
  });
});
