import { percentile } from '../support.js';
import type { TimedResult } from './types.js';

/** `count` calls one after another, reported as their p50 (the result's seconds) and p95; ok when all answered 200. */
export async function timedRepeats(
  label: string,
  count: number,
  call: (i: number) => Promise<{ status: number }>,
): Promise<TimedResult> {
  const times: number[] = [];
  let ok = true;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    ok = (await call(i)).status === 200 && ok;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const note = `p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms over ${count}`;
  return { label, seconds: percentile(times, 0.5) / 1000, ok, note };
}
