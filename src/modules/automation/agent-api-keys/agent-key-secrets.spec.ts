import {
  agentKeyTail,
  generateAgentKey,
  hashAgentKey,
  maskAgentKey,
  matchesAnyHash,
} from './agent-key-secrets';

describe('agent key secrets', () => {
  it('should generate 32 lowercase hex characters, different every time', () => {
    const first = generateAgentKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(generateAgentKey()).not.toBe(first);
  });

  it('should mask a key as 28 asterisks and its last four characters', () => {
    const key = generateAgentKey();
    expect(maskAgentKey(agentKeyTail(key))).toBe(`${'*'.repeat(28)}${key.slice(-4)}`);
  });

  it('should match a key against any of the stored hashes and refuse others', () => {
    const keys = [generateAgentKey(), generateAgentKey()];
    const hashes = keys.map(hashAgentKey);
    expect(matchesAnyHash(keys[1], hashes)).toBe(true);
    expect(matchesAnyHash(generateAgentKey(), hashes)).toBe(false);
    expect(matchesAnyHash(keys[0], [])).toBe(false);
    expect(matchesAnyHash('', hashes)).toBe(false);
  });
});
