import { describe, expect, it } from 'vitest';
import { addDecimal, DecimalSum, formatDecimal, parseDecimal, sumDecimals, sumIntegers } from '../../src/core/decimal.js';

describe('parseDecimal', () => {
  it.each([
    ['12', 12n, 0],
    ['12.3', 123n, 1],
    ['12.30', 1230n, 2],
    ['-0.00', 0n, 2],
    ['+1.5', 15n, 1],
    ['.5', 5n, 1],
    ['5.', 5n, 0],
    ['007.10', 710n, 2],
    [' 1.25\n', 125n, 2], // pretty-printed XML text
    ['90071992547409.93', 9007199254740993n, 2],
  ])('%j → %s × 10^-%i', (s, units, scale) => {
    expect(parseDecimal(s)).toEqual({ units, scale });
  });

  it.each(['', ' ', '.', '-', '+', '1e3', '1E+3', '∞', '?', 'NaN', 'Infinity', '1,000.00', '1.2.3', '--1', '0x10', '$1.00', '1 000'])(
    '%j is not a decimal',
    (s) => {
      expect(parseDecimal(s)).toBeNull();
    },
  );
});

describe('formatDecimal', () => {
  it.each([
    [30n, 2, 0, '0.30'],
    [-5n, 2, 0, '-0.05'],
    [0n, 2, 0, '0.00'],
    [3n, 0, 2, '3.00'],
    [12345n, 3, 2, '12.345'], // never rounds
    [-12345n, 0, 0, '-12345'],
  ])('%s × 10^-%i (min scale %i) → %s', (units, scale, minScale, s) => {
    expect(formatDecimal({ units, scale }, minScale)).toBe(s);
  });
});

describe('addDecimal: exact, at the larger scale', () => {
  it.each([
    ['0.10', '0.20', '0.30'],
    ['0.1', '0.2', '0.3'],
    ['0.10', '0.2', '0.30'],
    ['-0.00', '0.00', '0.00'],
    ['-0.00', '-0.00', '0.00'],
    ['1.05', '-1.05', '0.00'],
    ['-3.50', '1.25', '-2.25'],
    ['-0.01', '0.00', '-0.01'],
    ['12', '0.5', '12.5'],
    ['99999999999999999.99', '0.01', '100000000000000000.00'],
    ['0.10', '∞', '∞'],
    ['?', '0.10', '?'],
    ['0.10', '', '0.10'],
    ['0.10', 'n/a', ''],
  ])('%s + %s = %s', (a, b, sum) => {
    expect(addDecimal(a, b)).toBe(sum);
  });
});

describe('DecimalSum', () => {
  it('a thousand times 0.10 is exactly 100.00 (binary floating point gives 99.9999999999986)', () => {
    const values = Array.from({ length: 1000 }, () => '0.10');
    expect(sumDecimals(values)).toBe('100.00');
    expect(values.reduce((a, v) => a + Number(v), 0)).not.toBe(100);
  });

  it('many mixed values, negatives included', () => {
    expect(sumDecimals(['1.01', '-0.02', '3.33', '-0.00', '0.67', '-5.00', '0.01'])).toBe('0.00');
    expect(sumDecimals(['19.99', '0.01', '-20.00', '-0.37'])).toBe('-0.37');
  });

  it('money beyond 2^53 cents stays exact', () => {
    // 2^53 cents = 90071992547409.92; as numbers, adding 0.01 is lost.
    expect(sumDecimals(['90071992547409.92', '0.01'])).toBe('90071992547409.93');
    expect(sumDecimals(['90071992547409.92', '90071992547409.92', '0.03'])).toBe('180143985094819.87');
    expect(String(Number('90071992547409.92') + Number('0.01'))).not.toBe('90071992547409.93');
  });

  it('infinity markers: ∞ plus anything finite is ∞; the first marker is kept', () => {
    const s = new DecimalSum().add('1.00').add('∞').add('2.00').add('?');
    expect([s.state, s.value()]).toEqual(['infinite', '∞']);
    expect(sumDecimals(['?', '1.00'])).toBe('?');
  });

  it('garbage makes the total unknown, even next to ∞, and is counted', () => {
    const s = new DecimalSum().add('1.00').add('1e3').add('∞').add('abc');
    expect([s.state, s.value(), s.invalid]).toEqual(['invalid', '', 2]);
  });

  it('blank cells contribute nothing; the sum of nothing is zero at the minimum scale', () => {
    expect(sumDecimals(['', '1.50', '  '])).toBe('1.50');
    expect(sumDecimals([])).toBe('0');
    expect(sumDecimals([], 2)).toBe('0.00');
    expect(sumDecimals(['3', '4'], 2)).toBe('7.00');
    expect(new DecimalSum({ minScale: 2 }).state).toBe('number');
  });
});

describe('sumIntegers', () => {
  it('is exact beyond 2^53', () => {
    expect(sumIntegers(['9007199254740992', '1'])).toBe('9007199254740993');
    expect(sumIntegers(['18446744073709551615', '18446744073709551615'])).toBe('36893488147419103230');
    expect(9007199254740992 + 1).toBe(9007199254740992); // what a Number sum would print
  });

  it.each([
    [['1', '2', '3'], '6'],
    [[], '0'],
    [['', '5'], '5'],
    [['-2', '+3'], '1'],
    [['007', '3'], '10'],
    [['1', '2.0'], ''], // a count with a decimal point is not a count
    [['1', '∞'], '∞'],
    [['1', 'x'], ''],
  ])('%j → %j', (values, sum) => {
    expect(sumIntegers(values)).toBe(sum);
  });
});
