import { parseBasicAuthorization } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('parseBasicAuthorization', () => {
  it('should split user name and password when the header is well formed', () => {
    expect(parseBasicAuthorization(basic('prom_user:Pa55'))).toEqual({
      username: 'prom_user',
      password: 'Pa55',
    });
  });

  it('should keep colons in the password when the password holds some', () => {
    expect(parseBasicAuthorization(basic('prom_user:a:b:c'))).toEqual({
      username: 'prom_user',
      password: 'a:b:c',
    });
  });

  it('should accept the scheme name in any case', () => {
    expect(parseBasicAuthorization(`basic ${Buffer.from('u:p').toString('base64')}`)).toEqual({
      username: 'u',
      password: 'p',
    });
  });

  it('should give nothing when the header is missing, another scheme or without a colon', () => {
    expect(parseBasicAuthorization(undefined)).toBeNull();
    expect(parseBasicAuthorization('Digest username="x"')).toBeNull();
    expect(parseBasicAuthorization(basic('no-colon'))).toBeNull();
    expect(parseBasicAuthorization('Basic !!!')).toBeNull();
  });
});
