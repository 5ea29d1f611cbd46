/**
 * `GET /rest/v1/`: a small Swagger 2.0 description of the exposed schema (tables, their columns
 * and the functions), as PostgREST serves at its root. Enough for tools that list resources.
 */
import type { SchemaCache } from './schema-cache.ts';

export function openApiDocument(cache: SchemaCache, schema: string): object {
  const tables = [...(cache.tables.get(schema)?.values() ?? [])];
  const routines = [...(cache.routines.get(schema)?.values() ?? [])].flat();
  const paths: Record<string, object> = { '/': {} };
  const definitions: Record<string, object> = {};
  for (const table of tables) {
    paths[`/${table.name}`] = {};
    definitions[table.name] = {
      type: 'object',
      required: table.columnList.filter((c) => !c.nullable && c.default === null).map((c) => c.name),
      properties: Object.fromEntries(table.columnList.map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const routine of routines) paths[`/rpc/${routine.name}`] = {};
  return {
    swagger: '2.0',
    info: { title: 'Cadernos sync-server REST API', description: 'PostgREST-compatible API', version: '13' },
    basePath: '/rest/v1',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  };
}
