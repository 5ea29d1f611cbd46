/**
 * Quoting of SQL identifiers. Only names found in the schema cache (or aliases the client chose
 * for its output keys) are quoted here; values never are: they travel as bound parameters.
 */

export function quoteIdent(name: string): string {
  // PostgREST drops everything after a NUL; Postgres cannot take one in an identifier anyway.
  const clean = name.split('\u0000')[0];
  return `"${clean.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}
