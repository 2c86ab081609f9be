import { parseDecimal, rescale, type ScaledDecimal } from '../../../money/index.js';
import { numberToDecimalText } from '../../cell.js';

/**
 * The numbers of a formula, exact: a workbook stores each cell as a double, which Excel shows at
 * 15 significant digits, so a cell is read at those digits (numberToDecimalText) and from there
 * every sum and difference is exact, in integers scaled by a power of ten (src/money). A result is
 * kept at 15 significant digits again, as Excel keeps and shows it.
 */
export type ExcelDecimal = ScaledDecimal;

const SIGNIFICANT_DIGITS = 15;
/** Excel's largest number is about 1.8E+308; a result past it is #NUM! in Excel. */
const MOST_INTEGER_DIGITS = 308;

export const ZERO: ExcelDecimal = { units: 0n, scale: 0 };

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/**
 * A cell's stored double at the 15 digits Excel shows. When the double's shortest text has at most
 * 15 significant digits it is those digits already (the double is the one nearest them, so no
 * other 15-digit decimal is nearer), and it is taken as it is.
 */
export function decimalOfCell(value: number): ExcelDecimal {
  if (Number.isSafeInteger(value) && Math.abs(value) < 1e15)
    return { units: BigInt(value), scale: 0 };
  const shortest = String(value);
  if (!shortest.includes('e') && significantDigits(shortest) <= SIGNIFICANT_DIGITS)
    return parseDecimal(shortest);
  return parseDecimal(numberToDecimalText(value));
}

function significantDigits(plain: string): number {
  return plain.replace(/[-.]/g, '').replace(/^0+/, '').length;
}

/**
 * A number as a formula writes it ("2250", "-89.5", ".5", "1E+3"), exact, at 15 significant
 * digits. Undefined past Excel's range.
 */
export function decimalOfText(text: string): ExcelDecimal | undefined {
  const match = /^(\d*)(?:\.(\d*))?(?:E([+-]?\d+))?$/i.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  const exponent = Number(match[3] ?? 0);
  if (Math.abs(exponent) > 400) return undefined;
  const units = BigInt(`${match[1] ?? ''}${fraction}` || '0');
  return fifteenDigits({ units, scale: fraction.length - exponent });
}

export function add(left: ExcelDecimal, right: ExcelDecimal): ExcelDecimal {
  const scale = Math.max(left.scale, right.scale);
  return { units: aligned(left, scale) + aligned(right, scale), scale };
}

export function negate(value: ExcelDecimal): ExcelDecimal {
  return { units: -value.units, scale: value.scale };
}

function aligned(value: ExcelDecimal, scale: number): bigint {
  return value.units * pow10(scale - value.scale);
}

function digitsOf(units: bigint): number {
  return units === 0n ? 0 : (units < 0n ? -units : units).toString().length;
}

/**
 * The value at 15 significant digits (half away from zero), without trailing zeros; undefined when
 * it lies past Excel's largest number. The scale may go below zero for large whole numbers.
 */
export function fifteenDigits(value: ExcelDecimal): ExcelDecimal | undefined {
  let { units, scale } = value;
  const digits = digitsOf(units);
  if (digits === 0) return ZERO;
  if (digits - scale > MOST_INTEGER_DIGITS) return undefined;
  if (digits > SIGNIFICANT_DIGITS) {
    const target = scale - (digits - SIGNIFICANT_DIGITS);
    units = rescale({ units, scale }, target);
    scale = target;
  }
  while (units !== 0n && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return digitsOf(units) - scale > MOST_INTEGER_DIGITS ? undefined : { units, scale };
}

/** The plain decimal text: "-8041.29", "1000000000000000000". */
export function decimalText(value: ExcelDecimal): string {
  if (value.scale <= 0) return (value.units * pow10(-value.scale)).toString();
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * The cell value of a result: a double again, as every number a workbook holds, read back at its
 * 15 digits by numberToDecimalText, which gives these digits back exactly.
 */
export function numberOf(value: ExcelDecimal): number {
  return Number(decimalText(value));
}

/**
 * True when two values agree as Excel shows them: equal at 15 significant digits, or apart by one
 * unit of the 15th (a double's sum may round the last digit the other way).
 */
export function agree(left: ExcelDecimal, right: ExcelDecimal): boolean {
  const difference = add(left, negate(right));
  if (difference.units === 0n) return true;
  const lead = Math.max(digitsOf(left.units) - left.scale, digitsOf(right.units) - right.scale);
  // One unit of the 15th significant digit of the larger value, at the difference's scale.
  const unitScale = SIGNIFICANT_DIGITS - lead;
  const magnitude = difference.units < 0n ? -difference.units : difference.units;
  if (unitScale > difference.scale) return false;
  return magnitude <= pow10(difference.scale - unitScale);
}
