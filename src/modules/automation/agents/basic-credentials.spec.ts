import { parseBasicCredentials } from './basic-credentials';

const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

describe('parseBasicCredentials', () => {
  it('should split user and password at the first colon', () => {
    expect(parseBasicCredentials(basic('5e8cc670a16506712e0b1e95:k3y:with:colons'))).toEqual({
      user: '5e8cc670a16506712e0b1e95',
      password: 'k3y:with:colons',
    });
  });

  it('should accept the scheme in any case', () => {
    expect(parseBasicCredentials(basic('a:b').replace('Basic', 'bAsIc'))).toEqual({
      user: 'a',
      password: 'b',
    });
  });

  it.each([undefined, '', 'Bearer abc', 'Basic', 'Basic !!!', basic('no-colon'), 'Digest username="a"'])(
    'should refuse %p',
    (header) => {
      expect(parseBasicCredentials(header)).toBeUndefined();
    },
  );
});
