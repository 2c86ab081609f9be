/** The little a SQL run store needs from a PostgreSQL driver (node-postgres, or PGlite in tests). */
export interface SqlQuery {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export interface SqlDatabase extends SqlQuery {
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
