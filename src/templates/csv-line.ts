/** One CSV line, quoting cells that hold a comma, quote or line break (RFC 4180). */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
    .join(',');
}
