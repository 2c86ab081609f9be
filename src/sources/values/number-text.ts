/**
 * The decimal text of a number read from a spreadsheet cell. XLSX stores numbers as doubles and Excel
 * shows at most 15 significant digits, so reading at 15 digits returns what the consultant sees
 * ("0.30000000000000004" → "0.3") without ever doing arithmetic on the float.
 */
export function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const [mantissa = '0', exponentText = '0'] = value.toPrecision(15).split('e');
  const exponent = Number(exponentText);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let digits = whole + fraction;
  let point = whole.length + exponent;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  let integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const decimals = digits.slice(point).replace(/0+$/, '');
  if (integer === '') integer = '0';
  const text = decimals === '' ? integer : `${integer}.${decimals}`;
  return negative && text !== '0' ? `-${text}` : text;
}
