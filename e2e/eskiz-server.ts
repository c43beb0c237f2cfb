/**
 * The SMS operator of the end-to-end run: the Eskiz fake of the API tests on a fixed port, which delivers
 * every message it takes a second later (posting Eskiz's delivery report to the URL the message carried),
 * so the sent-SMS log can be seen changing from "accepted" to "delivered" as it would with the real Eskiz.
 *
 *   tsx e2e/eskiz-server.ts   (port E2E_ESKIZ_PORT, default 3199; account e2e@demo.uz / e2e-eskiz)
 *
 * The test's "phone" is one port up: GET /messages?to=998901234567 answers what that number received (newest
 * last), so a test reads a sign-up or recovery code as a person reads it from the phone.
 */
import { createServer } from 'node:http';
import { startEskizFake } from '../apps/server/test/fakes/eskiz-fake.js';

const port = Number(process.env.E2E_ESKIZ_PORT ?? 3199);
const eskiz = await startEskizFake({ email: 'e2e@demo.uz', password: 'e2e-eskiz', port });
const delivered = new Set<number>();
setInterval(() => {
  for (const message of eskiz.messages) {
    if (delivered.has(message.id)) continue;
    delivered.add(message.id);
    setTimeout(() => void eskiz.deliver(message.id, 'DELIVRD').catch(() => {}), 1_000);
  }
}, 250);

const phone = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const to = url.searchParams.get('to');
  const received = eskiz.messages.filter((m) => !to || m.to === to).map((m) => ({ to: m.to, text: m.text }));
  res.writeHead(url.pathname === '/messages' ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(url.pathname === '/messages' ? received : { error: 'not found' }));
});
phone.listen(port + 1, '127.0.0.1');
process.stdout.write(`eskiz fake on ${eskiz.url}, its phones on http://127.0.0.1:${port + 1}/messages\n`);
