/**
 * Go's time.ParseDuration, which GoTrue uses for its durations (ban_duration "24h",
 * GOTRUE_SMTP_MAX_FREQUENCY "1m0s"): a sign, then numbers with units ns, us, µs, ms, s, m, h.
 * Returns milliseconds, or undefined when the text is not a duration.
 */
export function parseGoDuration(value: string): number | undefined {
  const units: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const match = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(value);
  if (!match) return value === '0' ? 0 : undefined;
  let total = 0;
  for (const part of value.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) total += Number(part[1]) * units[part[2]];
  return match[1] === '-' ? -total : total;
}
