/** The seed's rows: one object per row, keyed by column, and the rows of each table by its name. */
export type Row = Record<string, string | number | null>;
export type SeedTables = Record<string, Row[]>;
