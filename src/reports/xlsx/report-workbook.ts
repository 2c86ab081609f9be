import ExcelJS from 'exceljs';

/**
 * A streaming workbook with the conventions every report's workbook shares: styles and shared
 * strings on, Ledgerlift as creator, and the report's own timestamp as its creation date.
 */
export function reportWorkbook(
  file: string,
  generatedAt: string,
): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: true,
  });
  workbook.creator = 'Ledgerlift';
  const generated = new Date(generatedAt);
  // An unparseable timestamp must not cost the consultant the workbook: fall back to now.
  workbook.created = Number.isNaN(generated.getTime()) ? new Date() : generated;
  return workbook;
}
