import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { INPUT_KINDS, type InputKind } from './faults.js';
import { Ledger } from './ledger.js';
import type { Operation } from './operations.js';
import { type AbuseRequest, requestArb } from './requests.js';
import { type AbuseResponse, send } from './transport.js';
import { judge } from './verdict.js';
import {
  type AbuseWorld,
  causeOf,
  changedTables,
  fingerprint,
  openAbuseServer,
  populateWorld,
  repairHome,
} from './world.js';

/**
 * Issue 13: the fuzzer. Every operation of the OpenAPI document gets every kind of hostile input
 * (requests.ts), anonymously and with a token of a role the route admits, and every answer is judged
 * (verdict.ts). CI runs this file twice (PGlite and PostgreSQL) at the default size; `npm run abuse`
 * runs 100,000 requests.
 *
 *   ABUSE_REQUESTS=n   requests in this run (default: one of each cell, at least 10,000: 20,000 in CI's two runs)
 *   FUZZ_SEED=n        replay a run (the seed is printed); request i always gets the same input
 *   FUZZ_ONLY=i,j      send only these requests of the run (the report names each failure's index)
 *   FUZZ_OPS=regex     only the operations whose "METHOD /path" matches
 */
/** At least this many by default, and at least one request of every cell (operation × kind × caller). */
const DEFAULT_TOTAL = 10_000;
const SEED = Number(process.env.FUZZ_SEED ?? 0x13_2026);
const ONLY = process.env.FUZZ_ONLY?.split(',').map(Number);
const OPS = process.env.FUZZ_OPS ? new RegExp(process.env.FUZZ_OPS) : undefined;
/** Requests in flight at once: enough to keep PostgreSQL's pool busy, few enough for two cores. */
const CONCURRENCY = Number(process.env.ABUSE_CONCURRENCY ?? 4);
/** A signed-in caller twice as often as an anonymous one: an anonymous request stops at the 401. */
const CALLERS = [false, false, true] as const;

const server = await openAbuseServer();
let world: AbuseWorld;
beforeAll(async () => {
  world = await populateWorld(server);
}, 120_000);

interface Cell {
  op: Operation;
  kind: InputKind;
  anonymous: boolean;
}

/** Request i of the run: its cell (operation, kind, caller) in turn, its input from its own seed. */
function planner(operations: Operation[]) {
  const cells: Cell[] = [];
  for (const anonymous of CALLERS)
    for (const kind of INPUT_KINDS) for (const op of operations) cells.push({ op, kind, anonymous });
  // In a shuffled order (the same for a seed), so a run shorter than one round still spreads over all of them.
  const order = fc.sample(fc.shuffledSubarray(cells, { minLength: cells.length }), { seed: SEED, numRuns: 1 })[0]!;
  cells.splice(0, cells.length, ...order);
  const arbs = new Map<Cell, fc.Arbitrary<AbuseRequest>>();
  const context = {
    pools: world.pools,
    pathValues: (op: Operation) => world.homeRows[op.route]?.params ?? {},
    host: `${world.home.subdomain}.localhost`,
    token: (role: number) => world.tokens.get(role as 8)!,
    sampleFile: world.sampleFile,
  };
  return {
    cells: cells.length,
    request(i: number): AbuseRequest {
      const cell = cells[i % cells.length]!;
      let arb = arbs.get(cell);
      if (!arb) {
        arb = requestArb(cell.op, cell.kind, cell.anonymous, context);
        arbs.set(cell, arb);
      }
      return fc.sample(arb, { seed: (SEED ^ Math.imul(i + 1, 0x9e3779b1)) | 0, numRuns: 1 })[0]!;
    },
  };
}

const turnedAway = (res: AbuseResponse) =>
  res.status === 401 || (res.status === 403 && /"code":"(forbidden|company_disabled)"/.test(res.body.toString()));

describe('the fuzzer driven by the OpenAPI document', () => {
  it('knows every route of /api/v1 and /api/health from the document', () => {
    const routes = world.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/') || r.url === '/api/health');
    expect(world.operations.map((o) => `${o.method} ${o.route}`).sort()).toEqual(
      routes.map((r) => `${r.method} ${r.url}`).sort(),
    );
  });

  it(
    `answers ${process.env.ABUSE_REQUESTS ?? 'at least 10,000'} hostile requests with no 5xx, one error shape and no leaks`,
    async () => {
      const operations = world.operations.filter((o) => !OPS || OPS.test(o.label));
      const plan = planner(operations);
      const TOTAL = Number(process.env.ABUSE_REQUESTS ?? Math.max(DEFAULT_TOTAL, plan.cells));
      const byLabel = new Map(operations.map((o) => [o.label, o]));
      const ledger = new Ledger();
      const before = await fingerprint(world, world.foreign.id);
      console.log(
        `fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${TOTAL} requests over ${operations.length} operations × ` +
          `${INPUT_KINDS.length} kinds × ${CALLERS.length} callers (${plan.cells} cells)`,
      );
      let repairing: Promise<void> | undefined;
      const repair = () => {
        ledger.heals++;
        repairing ??= repairHome(world).finally(() => {
          repairing = undefined;
        });
        return repairing;
      };
      const indices = ONLY ?? Array.from({ length: TOTAL }, (_, i) => i);
      let next = 0;
      const worker = async () => {
        while (next < indices.length) {
          const i = indices[next++]!;
          const r = plan.request(i);
          await repairing;
          const started = performance.now();
          const res = await send(world.app, world.port, r);
          const op = byLabel.get(r.label)!;
          ledger.record({
            request: r,
            response: res,
            problems: judge(r, res, world.markers, op.isPublic),
            ms: performance.now() - started,
            index: i,
            ...(res.status >= 500 ? { cause: causeOf(world, res.body) } : {}),
          });
          // A signed-in caller turned away: the fuzzer archived, re-roled or signed out a home user.
          if (r.role !== null && r.kind !== 'bad-header' && turnedAway(res)) await repair();
          else if (i % 500 === 499) await repair();
          if (indices.length >= 20_000 && ledger.requests % 10_000 === 0)
            console.log(
              `${ledger.requests} requests, ${ledger.count(500, 600)} 5xx, ${ledger.failures.size} distinct failures`,
            );
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const changed = changedTables(before, await fingerprint(world, world.foreign.id));
      console.log(ledger.figures(`fuzz, seed ${SEED}`));
      const report = ledger.report('fuzz');
      if (report) console.log(report);
      expect(changed, 'tables whose rows of the foreign company changed').toEqual([]);
      expect(ledger.requests).toBe(indices.length);
      expect([...ledger.failures.keys()], 'distinct failures (listed above)').toEqual([]);
    },
    Math.max(300_000, Number(process.env.ABUSE_REQUESTS ?? 0) * 30),
  );
});
