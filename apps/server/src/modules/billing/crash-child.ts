/**
 * A billing process for crash.test.ts to kill: it runs one company's day on
 * DATABASE_URL in batches of one group, slowly, and reports each committed batch on
 * stdout, until the test kills it with SIGKILL in the middle.
 *
 *   tsx crash-child.ts <companyId> <date>
 */
import { openDatabase } from '../../db/client.js';
import { runBilling } from './runs.js';

const [companyId, date] = process.argv.slice(2);
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
await runBilling(database.db, Number(companyId), date, {
  at: new Date(`${date}T12:00:00+05:00`),
  batchGroups: 1,
  leaseSeconds: 1,
  afterBatch: async (batch) => {
    process.stdout.write(`batch ${batch}\n`);
    await new Promise((resolve) => setTimeout(resolve, 400));
  },
});
process.stdout.write('finished\n');
await database.close();
