import fs from 'node:fs/promises';

/**
 * The per-function settings of supabase/config.toml that matter here: `verify_jwt` (default true,
 * as on Supabase). Only `[functions.<name>]` tables and their `verify_jwt = true|false` line are
 * read — a full TOML parser is not needed for that, and the file stays the one the CLI deploys with.
 */
export async function readVerifyJwtSettings(configPath: string): Promise<Map<string, boolean>> {
  const text = await fs.readFile(configPath, 'utf8').catch(() => '');
  return parseVerifyJwtSettings(text);
}

export function parseVerifyJwtSettings(toml: string): Map<string, boolean> {
  const settings = new Map<string, boolean>();
  let current: string | undefined;
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    if (line.startsWith('[')) {
      const table = /^\[\s*functions\.(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))\s*\]$/.exec(line);
      current = table ? (table[1] ?? table[2] ?? table[3]) : undefined;
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (current && setting) settings.set(current, setting[1] === 'true');
  }
  return settings;
}
