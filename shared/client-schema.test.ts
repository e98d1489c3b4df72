import { ValidationError } from 'yup';
import {
  CLIENT_CSV_HEADERS,
  CLIENT_FIELD_SPECS,
  CLIENT_MESSAGES,
  CLIENT_FIELDS,
  clientSchema,
  EDITABLE_CLIENT_FIELDS,
  OPTIONAL_CLIENT_FIELDS,
  PATCHABLE_CLIENT_FIELDS,
  postalCodeFromAddress,
  type ClientInput,
} from './client-schema';

const validClient = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '(555) 123-4567',
  ...overrides,
});

const TODAY = '2025-06-01';

/** The messages per field, or {} when the input is valid. */
function errorsOf(input: unknown, context: object = { today: TODAY }): Record<string, string[]> {
  try {
    clientSchema.validateSync(input, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const byField: Record<string, string[]> = {};
    for (const issue of error.inner) (byField[issue.path ?? ''] ??= []).push(issue.message);
    return byField;
  }
}

const cast = (input: unknown): ClientInput => clientSchema.validateSync(input, { context: { today: TODAY } });

describe('client schema', () => {
  it('accepts name, email and phone alone', () => {
    expect(errorsOf(validClient())).toEqual({});
  });

  it('trims the name and lowercases the e-mail', () => {
    expect(cast(validClient({ name: '  Ann Lee ', email: ' Ann@Example.COM ' }))).toMatchObject({
      name: 'Ann Lee',
      email: 'ann@example.com',
    });
  });

  it('turns empty and null optional fields into undefined', () => {
    const client = cast(validClient({ address: '', birthday: '', anniversary: null, purchaseDate: '  ' }));
    expect(client.address).toBeUndefined();
    expect(client.birthday).toBeUndefined();
    expect(client.anniversary).toBeUndefined();
    expect(client.purchaseDate).toBeUndefined();
  });

  describe('name', () => {
    it('is required', () => {
      expect(errorsOf(validClient({ name: undefined })).name).toEqual(['Name is required']);
      expect(errorsOf(validClient({ name: '   ' })).name).toEqual(['Name is required']);
      expect(errorsOf(validClient({ name: null })).name).toEqual(['Name is required']);
    });

    it('is at most 120 characters', () => {
      expect(errorsOf(validClient({ name: 'a'.repeat(120) }))).toEqual({});
      expect(errorsOf(validClient({ name: 'a'.repeat(121) })).name).toEqual(['Must be at most 120 characters']);
    });
  });

  describe('email', () => {
    it('is required', () => {
      expect(errorsOf(validClient({ email: '' })).email).toEqual(['Email is required']);
      expect(errorsOf(validClient({ email: null })).email).toEqual(['Email is required']);
    });

    it('must be an e-mail address', () => {
      expect(errorsOf(validClient({ email: 'ann-at-example.com' })).email).toEqual(['Invalid email address']);
    });
  });

  describe('phone', () => {
    it('is required', () => {
      expect(errorsOf(validClient({ phone: '' })).phone).toEqual(['Phone number is required']);
    });

    it('follows the shared phone rules', () => {
      expect(errorsOf(validClient({ phone: '555-CALL-NOW' })).phone).toContain('Invalid phone number format');
      expect(errorsOf(validClient({ phone: '555 123' })).phone).toContain('Phone number must be at least 10 digits');
    });
  });

  describe('address', () => {
    it('is optional and at most 300 characters', () => {
      expect(errorsOf(validClient({ address: '12 Main St, Springfield' }))).toEqual({});
      expect(errorsOf(validClient({ address: 'a'.repeat(301) })).address).toEqual(['Must be at most 300 characters']);
    });
  });

  describe.each(['birthday', 'anniversary', 'purchaseDate'])('%s', (field) => {
    it('must be a real YYYY-MM-DD date', () => {
      for (const value of ['2023-02-29', '06/01/2020', '2020-6-1', 'soon']) {
        expect(errorsOf(validClient({ [field]: value }))[field]).toEqual(['Enter a valid date (YYYY-MM-DD)']);
      }
    });

    it('accepts a real date in the past', () => {
      expect(cast(validClient({ [field]: ' 2024-02-29 ' }))[field as keyof ClientInput]).toBe('2024-02-29');
    });
  });

  describe.each(['birthday'])('%s', (field) => {
    it('may not be in the future', () => {
      expect(errorsOf(validClient({ [field]: '2025-06-02' }))[field]).toEqual(['Date cannot be in the future']);
    });

    it('may be today', () => {
      expect(errorsOf(validClient({ [field]: TODAY }))).toEqual({});
    });
  });

  it('lets a birthday lack its year (--MM-DD), and no other key date', () => {
    expect(cast(validClient({ birthday: '--11-07' })).birthday).toBe('--11-07');
    expect(errorsOf(validClient({ birthday: '--02-30' })).birthday).toEqual(['Enter a valid date (YYYY-MM-DD)']);
    expect(errorsOf(validClient({ anniversary: '--11-07' })).anniversary).toEqual(['Enter a valid date (YYYY-MM-DD)']);
    expect(errorsOf(validClient({ purchaseDate: '--11-07' })).purchaseDate).toEqual([
      'Enter a valid date (YYYY-MM-DD)',
    ]);
  });

  it('lets an anniversary be in the future', () => {
    expect(errorsOf(validClient({ anniversary: '2025-09-20' }))).toEqual({});
  });

  it('lets a purchase date be in the future: an upcoming closing', () => {
    expect(errorsOf(validClient({ purchaseDate: '2025-09-20' }))).toEqual({});
    expect(cast(validClient({ purchaseDate: '2025-09-20' })).purchaseDate).toBe('2025-09-20');
  });

  describe('without a today in the context', () => {
    afterEach(() => jest.useRealTimers());

    it('takes today from the current UTC date', () => {
      jest.useFakeTimers({ now: new Date('2025-06-01T23:30:00Z') });
      expect(errorsOf(validClient({ birthday: '2025-06-01' }), {})).toEqual({});
      expect(errorsOf(validClient({ birthday: '2025-06-02' }), {}).birthday).toEqual(['Date cannot be in the future']);
    });
  });
});

describe('the declared client fields', () => {
  it("are the schema's fields, in the same order, with the time zone, key dates, rhythm and referrer PATCH sets on their own", () => {
    const own = ['timeZone', 'keyDates', 'cadenceDays', 'referredBy'];
    expect([...CLIENT_FIELDS, ...own]).toEqual(Object.keys(clientSchema.fields));
    expect(PATCHABLE_CLIENT_FIELDS).toEqual([...CLIENT_FIELDS, ...own]);
  });

  it('say optional exactly where the schema does not require the field', () => {
    const described = clientSchema.describe().fields as Record<string, { optional: boolean }>;
    expect(OPTIONAL_CLIENT_FIELDS).toEqual(CLIENT_FIELDS.filter((field) => described[field]!.optional));
    expect(OPTIONAL_CLIENT_FIELDS).toEqual([
      'address',
      'postalCode',
      'birthday',
      'anniversary',
      'purchaseDate',
      'purchasePrice',
    ]);
  });

  it('give the CSV columns word for word, address included', () => {
    expect(CLIENT_CSV_HEADERS).toEqual([
      'name',
      'email',
      'phone',
      'address',
      'postalCode',
      'birthday',
      'anniversary',
      'purchaseDate',
      'purchasePrice',
    ]);
  });

  it('let every field be edited', () => {
    expect(EDITABLE_CLIENT_FIELDS).toEqual(CLIENT_FIELDS);
  });

  it('label the form as the product does', () => {
    expect(CLIENT_FIELDS.map((field) => CLIENT_FIELD_SPECS[field].label)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Address',
      'ZIP Code',
      'Birthday',
      'Anniversary',
      'Purchase Date',
      'Purchase Price',
    ]);
  });
});

describe("the home's ZIP code and price", () => {
  it.each([
    ['five digits', '78704', '78704'],
    ['a ZIP+4, cut to its five digits', '78704-1234', '78704'],
    ['a blank, as not given', '', undefined],
  ])('takes %s', (_case, postalCode, expected) => {
    expect(clientSchema.validateSync(validClient({ postalCode })).postalCode).toBe(expected);
  });

  it.each(['7870', '787041', 'TX 78704', 'abcde'])('refuses the ZIP code %s', (postalCode) => {
    expect(errorsOf(validClient({ postalCode }), {}).postalCode).toEqual([CLIENT_MESSAGES.postalCode]);
  });

  it.each([
    ['$450,000', 450000],
    ['1,250,000', 1250000],
    ['450000.00', 450000],
    [385000, 385000],
    ['', undefined],
    [null, undefined],
  ])('reads the price %p as whole dollars', (purchasePrice, expected) => {
    expect(clientSchema.validateSync(validClient({ purchasePrice })).purchasePrice).toBe(expected);
  });

  it.each(['450k', '450000.50', '-5', '0', 2_000_000_000])('refuses the price %p', (purchasePrice) => {
    expect(errorsOf(validClient({ purchasePrice }), {}).purchasePrice).toEqual([CLIENT_MESSAGES.purchasePrice]);
  });

  it.each([
    ['1 Main St, Austin, TX 78704', '78704'],
    ['1 Main St, Austin, TX 78704-1234', '78704'],
    ['78704', '78704'],
    ['12345 Ranch Road 620, Austin, TX', undefined],
    ['1 Main St, Austin', undefined],
    [null, undefined],
  ])('finds in the address %p the ZIP code %p', (address, expected) => {
    expect(postalCodeFromAddress(address)).toBe(expected);
  });
});
