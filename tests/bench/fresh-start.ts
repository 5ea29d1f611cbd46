/**
 * `npm start` as a newcomer meets it (issue 16): spawn → "running at" and the peak resident size of
 * the process group, on a new data folder and on the same folder reopened. Each run is a copy of
 * the checkout with no `.data/`; the build is measured once (its own line) and the runs that
 * follow use `--no-build`, so the figures are the server's. Not a test: prints medians.
 *
 *   npx tsx tests/bench/fresh-start.ts [--runs 5]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, interrupt, makeCheckout, peakMemoryMb, startUntilReady, stopAll, type Started } from '../../scripts/fresh-checkout.ts';
import { median } from './figures.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);


async function measure(checkout: string, args: string[]): Promise<{ readyMs: number; peakMb: number }> {
  const started: Started = await startUntilReady(checkout, [...args, '--port', String(await freePort())]);
  const peakMb = peakMemoryMb(started.child.pid!) ?? Number.NaN;
  await interrupt(started);
  return { readyMs: started.readyMs, peakMb };
}

async function main() {
  const checkout = makeCheckout();
  try {
    const withBuild = await measure(checkout, []);
    const fresh: { readyMs: number; peakMb: number }[] = [];
    const reopened: { readyMs: number; peakMb: number }[] = [];
    for (let i = 0; i < runs; i++) {
      fs.rmSync(path.join(checkout, '.data'), { recursive: true, force: true });
      fresh.push(await measure(checkout, ['--no-build']));
      reopened.push(await measure(checkout, ['--no-build']));
    }
    const line = (label: string, xs: { readyMs: number; peakMb: number }[]) =>
      `${label.padEnd(34)} spawn → ready ${(median(xs.map((x) => x.readyMs)) / 1000).toFixed(1)} s ` +
      `(runs ${xs.map((x) => (x.readyMs / 1000).toFixed(1)).join(' / ')}), peak RSS ${median(xs.map((x) => x.peakMb))} MB`;
    console.log(`\nnpm start, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, median of ${runs}:`);
    console.log(line('first start, build included', [withBuild]));
    console.log(line('new data folder (--no-build)', fresh));
    console.log(line('same folder reopened (--no-build)', reopened));
  } finally {
    stopAll();
    fs.rmSync(checkout, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  stopAll();
  console.error(error);
  process.exit(1);
});
