import { parseBasicCredentials } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('parseBasicCredentials', () => {
  it('should split user name and password when the header is well formed', () => {
    expect(parseBasicCredentials(basic('prom_user:Pa55'))).toEqual({
      username: 'prom_user',
      password: 'Pa55',
    });
  });

  it('should keep colons in the password when the password holds some', () => {
    expect(parseBasicCredentials(basic('5e8cc670a16506712e0b1e95:k3y:with:colons'))).toEqual({
      username: '5e8cc670a16506712e0b1e95',
      password: 'k3y:with:colons',
    });
  });

  it('should accept the scheme name in any case', () => {
    expect(parseBasicCredentials(basic('a:b').replace('Basic', 'bAsIc'))).toEqual({
      username: 'a',
      password: 'b',
    });
  });

  it.each([undefined, '', 'Bearer abc', 'Basic', 'Basic !!!', basic('no-colon'), 'Digest username="a"'])(
    'should give nothing when the header is %p',
    (header) => {
      expect(parseBasicCredentials(header)).toBeUndefined();
    },
  );
});
