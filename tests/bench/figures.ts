/**
 * What every benchmark here shares: its command-line options and the statistics it prints.
 * (Figures are medians of several runs, and a percentile where a tail matters.)
 */

/** The middle value; for an even count, the mean of the two middle values. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The value below which a fraction p (0–1) of the samples lie (nearest rank). */
export function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** `--name value` from the command line, as a number, or the fallback. */
export function numberOption(name: string, fallback: number, argv = process.argv): number {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? Number(argv[at + 1]) : fallback;
}

/** `--name value` from the command line, as text, or the fallback. */
export function textOption<T extends string | null>(name: string, fallback: T, argv = process.argv): string | T {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : fallback;
}

/** Whether `--name` is on the command line. */
export function flag(name: string, argv = process.argv): boolean {
  return argv.includes(`--${name}`);
}
