import { isAbsolutePath, isHttpUrl, isListenAddress } from './settings-fields';

describe('settings-fields', () => {
  it('should accept http and https URLs with a host', () => {
    for (const url of ['https://hooks.example.com/x', 'http://127.0.0.1:9999/hook', 'http://[::1]:8080/']) {
      expect(isHttpUrl(url)).toBe(true);
    }
  });

  it('should refuse other schemes, relative paths, non-strings and URLs over 2048 characters', () => {
    for (const url of [
      'ftp://x.example.com/',
      'mailto:a@example.com',
      '/relative',
      42,
      `https://x.example.com/${'a'.repeat(2048)}`,
    ]) {
      expect(isHttpUrl(url)).toBe(false);
    }
  });

  it('should accept host:port with a name, an IPv4 address or a bracketed IPv6 address', () => {
    for (const address of ['0.0.0.0:9216', 'metrics.example.com:1', '[::]:65535', '[fe80::1]:9216']) {
      expect(isListenAddress(address)).toBe(true);
    }
  });

  it('should refuse a listen address without a port, with port 0 or above 65535, or with a bad host', () => {
    for (const address of [
      '0.0.0.0',
      '0.0.0.0:0',
      'x:65536',
      ':9216',
      '-x:9216',
      '[zz]:9216',
      'a b:1',
      9216,
    ]) {
      expect(isListenAddress(address)).toBe(false);
    }
  });

  it('should accept POSIX and Windows absolute paths and refuse relative ones', () => {
    expect(isAbsolutePath('/etc/ssl/prom.pem')).toBe(true);
    expect(isAbsolutePath('C:\\certs\\prom.pem')).toBe(true);
    expect(isAbsolutePath('d:/certs/prom.pem')).toBe(true);
    for (const path of ['certs/prom.pem', './prom.pem', '~/prom.pem', '', '/a\0b']) {
      expect(isAbsolutePath(path)).toBe(false);
    }
  });
});
