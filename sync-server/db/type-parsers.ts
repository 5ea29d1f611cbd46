/**
 * How column values arrive in JavaScript, identical for PGlite and node-postgres so that code
 * (and tests) never behave differently on the two: json/jsonb parsed, booleans and 2/4-byte
 * integers and floats as numbers, everything else (int8, numeric, timestamps, uuid …) as the
 * text Postgres printed. REST output is produced as JSON by Postgres itself, so it does not depend on this.
 */
export const TYPE_OIDS = {
  bool: 16,
  int2: 21,
  int4: 23,
  oid: 26,
  float4: 700,
  float8: 701,
  json: 114,
  jsonb: 3802,
} as const;

export function parseValue(text: string, typeId: number): unknown {
  switch (typeId) {
    case TYPE_OIDS.bool:
      return text === 't' || text === 'true';
    case TYPE_OIDS.int2:
    case TYPE_OIDS.int4:
    case TYPE_OIDS.oid:
      return Number.parseInt(text, 10);
    case TYPE_OIDS.float4:
    case TYPE_OIDS.float8:
      return Number(text);
    case TYPE_OIDS.json:
    case TYPE_OIDS.jsonb:
      return JSON.parse(text);
    default:
      return text;
  }
}
