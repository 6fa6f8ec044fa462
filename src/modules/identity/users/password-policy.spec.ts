import { isStrongPassword, isValidUsername } from './password-policy';

describe('first-user password and username rules', () => {
  it.each(['Abcdef1!', 'correct-horse-9', 'Pässwört-1'])(
    'should accept %p when it has a letter, a digit and a symbol',
    (p) => {
      expect(isStrongPassword(p)).toBe(true);
    },
  );

  it.each(['Ab1!', 'abcdefgh1', 'abcdefgh!', '12345678!', ''])(
    'should refuse %p when a rule is broken',
    (p) => {
      expect(isStrongPassword(p)).toBe(false);
    },
  );

  it.each(['jane.doe@example.com', 'admin', 'a_b-c+d'])('should accept username %p', (u) => {
    expect(isValidUsername(u)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['a space', 'jane doe'],
    ['a colon', 'a:b'],
    ['a quote', 'a"b'],
    ['a backslash', 'a\\b'],
    ['a tab', 'tab\there'],
    ['256 characters', 'x'.repeat(256)],
  ])('should refuse a username with %s', (_label, u) => {
    expect(isValidUsername(u)).toBe(false);
  });
});
