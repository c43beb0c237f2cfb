import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AbuseRequest } from './requests.js';
import type { AbuseResponse } from './transport.js';

/** The counts of a run and each distinct failure (problem, operation, input kind, place, status), kept once. */

interface Failure {
  problem: string;
  label: string;
  kind: string;
  where: string;
  status: number;
  count: number;
  example: { request: string; answer: string; index?: number; cause?: string };
}

export interface Answered {
  request: AbuseRequest;
  response: AbuseResponse;
  problems: string[];
  ms: number;
  /** The request's number in the run (FUZZ_ONLY replays it). */
  index?: number;
  /** The server-side error behind a 5xx. */
  cause?: string;
}

const short = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/** The largest entries of a time table, in seconds. */
const top = (time: Map<string, number>, n = 6) =>
  [...time]
    .sort(([, a], [, b]) => b - a)
    .slice(0, n)
    .map(([k, t]) => `${k} ${(t / 1000).toFixed(1)}s`)
    .join(', ');

export class Ledger {
  requests = 0;
  leaks = 0;
  /** Times the home users were put back (repairHome). */
  heals = 0;
  readonly byStatus = new Map<number, number>();
  readonly failures = new Map<string, Failure>();
  /** Answers by input kind: [2xx, 3xx, 4xx, 5xx or none]. */
  private readonly byKind = new Map<string, number[]>();
  /** Milliseconds by input kind and by operation, to see what makes a run slow. */
  private readonly timeByKind = new Map<string, number>();
  private readonly timeByOperation = new Map<string, number>();
  /** A valid request that the schema refused, per operation: the fuzzer's generator is out of date there. */
  private readonly refusedValid = new Map<string, string>();
  private readonly started = Date.now();

  record({ request: r, response: res, problems, ms, index, cause }: Answered): void {
    this.requests++;
    this.byStatus.set(res.status, (this.byStatus.get(res.status) ?? 0) + 1);
    const kind = this.byKind.get(r.kind) ?? [0, 0, 0, 0];
    kind[Math.min(3, Math.max(0, Math.floor(res.status / 100) - 2))]!++;
    this.byKind.set(r.kind, kind);
    add(this.timeByKind, r.kind, ms);
    add(this.timeByOperation, r.label, ms);
    if (r.kind === 'valid' && r.role !== null && res.status === 400 && !this.refusedValid.has(r.label))
      this.refusedValid.set(r.label, short(`${r.url} ${typeof r.payload === 'string' ? r.payload : ''} ← ${res.body}`));
    for (const problem of problems) {
      if (problem.startsWith('leak')) this.leaks++;
      const where = r.where.replace(/\d+/g, 'N');
      const key = [problem, r.label, r.kind, where, res.status].join('|');
      const known = this.failures.get(key);
      if (known) {
        known.count++;
        continue;
      }
      const who = r.role === null ? 'anonymous' : `role ${r.role}`;
      const body = typeof r.payload === 'string' ? r.payload : r.payload ? `(${r.payload.length} bytes)` : '';
      this.failures.set(key, {
        problem,
        label: r.label,
        kind: r.kind,
        where,
        status: res.status,
        count: 1,
        example: {
          request: short(
            `${r.transport} ${who} ${r.method} ${r.url} ${JSON.stringify(r.headers['content-type'] ?? '')} ${body}`,
          ),
          answer: short(res.error ?? res.body.toString('utf8')),
          ...(index === undefined ? {} : { index }),
          ...(cause === undefined ? {} : { cause }),
        },
      });
    }
  }

  count(from: number, to: number): number {
    let n = 0;
    for (const [status, c] of this.byStatus) if (status >= from && status < to) n += c;
    return n;
  }

  /** The figures of a run, for the log. */
  figures(title: string): string {
    const seconds = (Date.now() - this.started) / 1000;
    const statuses = [...this.byStatus].sort(([a], [b]) => a - b).map(([s, c]) => `${s}:${c}`);
    const byProblem = new Map<string, number>();
    for (const f of this.failures.values()) add(byProblem, f.problem, f.count);
    return [
      `── ${title} ──`,
      `requests ${this.requests} in ${seconds.toFixed(1)} s (${Math.round(this.requests / seconds)}/s)`,
      `2xx ${this.count(200, 300)}  3xx ${this.count(300, 400)}  4xx ${this.count(400, 500)}  5xx ${this.count(500, 600)}  no answer ${this.count(0, 1)}`,
      `by status ${statuses.join(' ')}`,
      `leaks ${this.leaks}  repairs of the home users ${this.heals}`,
      `by kind, 2xx/3xx/4xx/5xx: ${[...this.byKind].map(([k, c]) => `${k} ${c.join('/')}`).join(', ')}`,
      `time by kind: ${top(this.timeByKind)}`,
      `time by operation: ${top(this.timeByOperation)}`,
      `distinct failures ${this.failures.size}`,
      ...[...byProblem].sort(([, a], [, b]) => b - a).map(([p, c]) => `  ${c}× ${p}`),
    ].join('\n');
  }

  /** Distinct failures, one paragraph each (at most `max`); all of them to ABUSE_REPORT_DIR/<name>.json when set. */
  report(name: string, max = 80): string {
    const all = [...this.failures.values()].sort(
      (a, b) => a.problem.localeCompare(b.problem) || a.label.localeCompare(b.label),
    );
    const dir = process.env.ABUSE_REPORT_DIR;
    if (dir) {
      writeFileSync(join(dir, `${name}.json`), JSON.stringify(all, null, 1));
      writeFileSync(
        join(dir, `${name}-refused-valid.json`),
        JSON.stringify(Object.fromEntries(this.refusedValid), null, 1),
      );
    }
    return all
      .slice(0, max)
      .map(
        (f) =>
          `${f.problem} | ${f.label} | ${f.kind} ${f.where} | ${f.status} ×${f.count}\n    → ${f.example.request}\n    ← ${f.example.answer}` +
          (f.example.cause ? `\n    cause: ${f.example.cause}` : ''),
      )
      .join('\n');
  }
}
