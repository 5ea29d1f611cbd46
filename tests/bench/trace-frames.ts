/**
 * Where the time of a scroll goes: reads a DevTools trace (long-list-scroll.ts --trace) and prints,
 * per thread (the page's main thread, its compositor, the raster workers, the GPU process), the
 * events that took the most time — total, per frame, count and longest — and the scripts that ran.
 * Times are inclusive (a Paint inside a RunTask counts in both): read each name on its own.
 *
 *   npx tsx tests/bench/trace-frames.ts /tmp/scroll-4x.json [--top 15]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '15' } } });
const TOP = Number(args.top);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

interface Totals {
  ms: number;
  count: number;
  longestMs: number;
}

function threadNames(events: TraceEvent[]) {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '?');
  return names;
}

/** Durations of complete ('X') events and of begin/end pairs, per thread and name. */
function durations(events: TraceEvent[], onEvent: (thread: string, name: string, ms: number, event: TraceEvent) => void) {
  const open = new Map<string, TraceEvent[]>();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.dur !== undefined) onEvent(thread, e.name, e.dur / 1000, e);
    else if (e.ph === 'B') (open.get(thread) ?? open.set(thread, []).get(thread)!).push(e);
    else if (e.ph === 'E') {
      const begun = open.get(thread)?.pop();
      if (begun) onEvent(thread, begun.name, (e.ts - begun.ts) / 1000, begun);
    }
  }
}

function add(map: Map<string, Totals>, key: string, ms: number) {
  const t = map.get(key) ?? { ms: 0, count: 0, longestMs: 0 };
  t.ms += ms;
  t.count += 1;
  t.longestMs = Math.max(t.longestMs, ms);
  map.set(key, t);
}

function main() {
  const file = positionals[0];
  if (!file) throw new Error('usage: trace-frames.ts <trace.json>');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const names = threadNames(events);
  const perThread = new Map<string, Map<string, Totals>>();
  const scripts = new Map<string, Totals>();
  let first = Infinity;
  let last = 0;
  durations(events, (thread, name, ms, event) => {
    const threadName = names.get(thread) ?? thread;
    const map = perThread.get(threadName) ?? perThread.set(threadName, new Map()).get(threadName)!;
    add(map, name, ms);
    if (threadName === 'CrRendererMain') {
      first = Math.min(first, event.ts);
      last = Math.max(last, event.ts);
      if (name === 'FunctionCall' || name === 'EvaluateScript' || name === 'TimerFire' || name === 'FireAnimationFrame') {
        const data = event.args?.data;
        add(scripts, `${name} ${data?.functionName || ''} ${data?.url?.split('/').pop() ?? ''}`.trim(), ms);
      }
    }
  });
  const frames = perThread.get('CrRendererMain')?.get('ProxyMain::BeginMainFrame')?.count || 1;
  const seconds = (last - first) / 1e6;
  console.log(`${file}: ${seconds.toFixed(1)} s on the main thread, ${frames} main-thread frames (ProxyMain::BeginMainFrame)\n`);
  const order = ['CrRendererMain', 'Compositor', 'CrGpuMain', 'VizCompositorThread'];
  const threads = [...perThread.keys()].sort((a, b) => {
    const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : n.startsWith('CompositorTileWorker') ? order.length : order.length + 1);
    return rank(a) - rank(b);
  });
  for (const thread of threads) {
    const rows = [...perThread.get(thread)!.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP);
    if (rows.length === 0 || rows[0][1].ms < 50) continue;
    console.log(`## ${thread}\n| event | total ms | ms per frame | count | longest ms |\n|---|---|---|---|---|`);
    for (const [name, t] of rows) console.log(`| ${name} | ${t.ms.toFixed(0)} | ${(t.ms / frames).toFixed(2)} | ${t.count} | ${t.longestMs.toFixed(1)} |`);
    console.log('');
  }
  const topScripts = [...scripts.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP);
  if (topScripts.length) {
    console.log('## scripts on the main thread\n| what | total ms | count | longest ms |\n|---|---|---|---|');
    for (const [name, t] of topScripts) console.log(`| ${name} | ${t.ms.toFixed(0)} | ${t.count} | ${t.longestMs.toFixed(1)} |`);
  }
}

main();
