import { hashPassword, sameText, verifyPassword } from './prometheus-password';

describe('prometheus-password', () => {
  it('should accept the password when it is checked against its own hash', async () => {
    const hash = await hashPassword('Prometheus-Pa55');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('Prometheus-Pa55');
    await expect(verifyPassword('Prometheus-Pa55', hash)).resolves.toBe(true);
  });

  it('should refuse another password when it is checked against the hash', async () => {
    const hash = await hashPassword('Prometheus-Pa55');
    await expect(verifyPassword('Prometheus-Pa56', hash)).resolves.toBe(false);
  });

  it('should give different hashes when the same password is hashed twice', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('should refuse when the stored value is not a hash it knows', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
  });

  it('should compare texts of different lengths without throwing', () => {
    expect(sameText('prom_user', 'prom_user')).toBe(true);
    expect(sameText('prom_user', 'prom')).toBe(false);
  });
});
