/** The default key of a credit application, stable across re-exports: "<credit>><document>". */
export function creditApplicationKey(creditKey: string, documentKey: string): string {
  return `${creditKey}>${documentKey}`;
}
