import { ApiError } from '../../../platform/http/api-error';
import { entryKeyFromPath, toEntryInput, toEntryInputs } from './entry-input';

function errorCodeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.errorCode;
    throw error;
  }
  return undefined;
}

describe('toEntryInput', () => {
  it('should store a single address as a /32 block with its address when ipAddress is given', () => {
    expect(toEntryInput('API_KEY', { ipAddress: '192.0.2.15' })).toEqual({
      cidrBlock: '192.0.2.15/32',
      ipAddress: '192.0.2.15',
      comment: null,
    });
  });

  it('should keep a block without an address when cidrBlock is given for an API key', () => {
    expect(toEntryInput('API_KEY', { cidrBlock: '84.255.48.125/32', comment: 'vpn' })).toEqual({
      cidrBlock: '84.255.48.125/32',
      ipAddress: null,
      comment: 'vpn',
    });
  });

  it('should drop the /32 of a single address when cidrBlock is given for a user', () => {
    expect(toEntryInput('USER', { cidrBlock: '12.34.56.78/32' })).toMatchObject({
      cidrBlock: '12.34.56.78/32',
      ipAddress: '12.34.56.78',
    });
  });

  it('should keep a range as a block when cidrBlock is a range', () => {
    expect(toEntryInput('USER', { cidrBlock: '192.0.2.0/24' })).toMatchObject({
      cidrBlock: '192.0.2.0/24',
      ipAddress: null,
    });
  });

  it('should accept both fields when they name the same single address', () => {
    expect(toEntryInput('API_KEY', { ipAddress: '77.54.32.11', cidrBlock: '77.54.32.11/32' })).toMatchObject({
      cidrBlock: '77.54.32.11/32',
      ipAddress: '77.54.32.11',
    });
  });

  it('should print IPv6 and IPv4-mapped addresses canonically when they are given', () => {
    expect(toEntryInput('API_KEY', { ipAddress: '2001:DB8:0::1' })).toMatchObject({
      cidrBlock: '2001:db8::1/128',
      ipAddress: '2001:db8::1',
    });
    expect(toEntryInput('API_KEY', { ipAddress: '::ffff:10.1.2.3' })).toMatchObject({
      ipAddress: '10.1.2.3',
    });
  });

  it.each([
    [{ ipAddress: '1.2.3.4', cidrBlock: '10.0.0.0/8' }, 'BAD_ACCESS_LIST_ADD_REQUEST'],
    [{ ipAddress: '10.0.0.0/8' }, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION'],
    [{ ipAddress: 'not-an-ip' }, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION'],
    [{ cidrBlock: '10.0.0.0/33' }, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION'],
    [{ ipAddress: '' }, 'INVALID_IP_ADDRESS_OR_CIDR_NOTATION'],
    [{ comment: 'nothing else' }, 'MISSING_ONE_OF_ATTRIBUTES'],
    [{ ipAddress: null, cidrBlock: null }, 'MISSING_ONE_OF_ATTRIBUTES'],
  ])('should refuse %p with %s', (fields, code) => {
    expect(errorCodeOf(() => toEntryInput('API_KEY', fields))).toBe(code);
  });
});

describe('toEntryInputs', () => {
  it('should refuse the request when two elements name the same block', () => {
    expect(
      errorCodeOf(() => toEntryInputs('USER', [{ ipAddress: '192.0.2.1' }, { cidrBlock: '192.0.2.1/32' }])),
    ).toBe('DUPLICATE_ADDRESSES_IN_INPUT');
    expect(
      errorCodeOf(() => toEntryInputs('API_KEY', [{ cidrBlock: '10.0.0.0/8' }, { cidrBlock: '10.9.9.9/8' }])),
    ).toBe('DUPLICATE_ADDRESSES_IN_INPUT');
  });

  it('should keep the order of the request when every element is distinct', () => {
    const inputs = toEntryInputs('API_KEY', [{ cidrBlock: '10.0.0.0/8' }, { ipAddress: '127.0.0.1' }]);
    expect(inputs.map((input) => input.cidrBlock)).toEqual(['10.0.0.0/8', '127.0.0.1/32']);
  });
});

describe('entryKeyFromPath', () => {
  it('should name the stored block when the path holds an address or a block', () => {
    expect(entryKeyFromPath('192.0.2.15')).toBe('192.0.2.15/32');
    expect(entryKeyFromPath('192.0.2.0/24')).toBe('192.0.2.0/24');
    expect(entryKeyFromPath('2001:db8::/32')).toBe('2001:db8::/32');
  });

  it('should refuse the value when it is neither an address nor a block', () => {
    expect(errorCodeOf(() => entryKeyFromPath('nope'))).toBe('INVALID_IP_ADDRESS_OR_CIDR_NOTATION');
  });
});
