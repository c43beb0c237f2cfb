import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startReportReceiver } from '../../../test/fakes/fake-server.js';
import { startPlayMobileFake } from '../../../test/fakes/playmobile-fake.js';
import { PlayMobileClient } from './playmobile-client.js';
import {
  type OutgoingSms,
  parseDeliveryCallback,
  SmsCredentialsRejectedError,
  SmsProviderUnavailableError,
  SmsRefusedError,
} from './sms-provider.js';

const CREDENTIALS = { username: 'centre', password: 'Broker-Pa55', originator: 'EDUCENTRE' };
const BLACKLISTED = '998900000013';
const receiver = await startReportReceiver();
const fake = await startPlayMobileFake({ ...CREDENTIALS, statusUrl: receiver.url, refusedPhones: [BLACKLISTED] });
// A broker that takes fewer messages a call than the client assumes.
const narrow = await startPlayMobileFake({ ...CREDENTIALS, batchLimit: 3 });
afterAll(async () => {
  await Promise.all([fake.stop(), narrow.stop(), receiver.stop()]);
});

const logs: string[] = [];
const log = { warn: (details: object, message: string) => logs.push(`${message} ${JSON.stringify(details)}`) };
const client = (credentials = CREDENTIALS, baseUrl = fake.url) =>
  // A generous timeout: on a busy CI machine a loopback answer has taken over 300 ms, and a timed-out send is retried
  // (one request more than the retry test counts).
  new PlayMobileClient(credentials, { baseUrl, timeoutMs: 5_000, retryDelayMs: 10, log });
const sms = (ref: number, extra: Partial<OutgoingSms> = {}): OutgoingSms => ({
  ref: String(ref),
  phone: `99891${String(ref).padStart(7, '0')}`,
  text: `Dars jadvali o‘zgardi (${ref})`,
  ...extra,
});

beforeEach(() => {
  fake.requests.length = 0;
  narrow.requests.length = 0;
  logs.length = 0;
});

describe('the Play Mobile client', () => {
  it('sends a message with Basic authentication, our ref as message-id and the account’s sender', async () => {
    expect(await client().send(sms(101))).toEqual({ ref: '101', providerMessageId: '101', state: 'stored' });
    const [request] = fake.requests;
    expect(request?.authorization).toBe(`Basic ${Buffer.from('centre:Broker-Pa55').toString('base64')}`);
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      messages: [
        {
          recipient: '998910000101',
          'message-id': '101',
          sms: { originator: 'EDUCENTRE', content: { text: 'Dars jadvali o‘zgardi (101)' } },
        },
      ],
    });
    await client().send(sms(102, { from: '3700' }));
    expect(fake.messages.find((m) => m.messageId === '102')?.originator).toBe('3700');
  });

  it('sends a batch in calls of at most 100, and rejects only the numbers the broker refuses', async () => {
    const messages = Array.from({ length: 250 }, (_, i) => sms(1000 + i));
    const sent = await client().sendBatch(messages);
    expect(sent.map((s) => s.ref)).toEqual(messages.map((m) => m.ref));
    expect(fake.requests.map((r) => JSON.parse(r.body).messages.length)).toEqual([100, 100, 50]);

    fake.requests.length = 0;
    const mixed = await client().sendBatch([sms(2001), sms(2002, { phone: BLACKLISTED }), sms(2003)]);
    expect(mixed.map((s) => s.state)).toEqual(['stored', 'rejected', 'stored']);
    expect(fake.requests).toHaveLength(4);
  });

  it('gets a batch through a broker that takes fewer messages a call than assumed', async () => {
    const sent = await client(CREDENTIALS, narrow.url).sendBatch(Array.from({ length: 5 }, (_, i) => sms(3000 + i)));
    expect(sent.every((s) => s.state === 'stored')).toBe(true);
    expect(narrow.messages).toHaveLength(5);
  });

  it('reports a refused number with the broker’s code, and refused credentials as such', async () => {
    const refused = await client()
      .send(sms(4001, { phone: BLACKLISTED }))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SmsRefusedError);
    expect((refused as SmsRefusedError).providerCode).toBe('202');

    const wrong = { ...CREDENTIALS, password: 'not-the-password-3f9' };
    const error = await client(wrong)
      .send(sms(4002))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsCredentialsRejectedError);
    expect(`${String(error)} ${logs.join(' ')}`).not.toContain('not-the-password-3f9');
  });

  it('retries a send the broker fails once, and reports it unavailable when the retry fails too', async () => {
    fake.failNext(1, 503);
    expect((await client().send(sms(5001))).state).toBe('stored');
    fake.failNext(2, 500);
    const error = await client()
      .send(sms(5002))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsProviderUnavailableError);
    expect(fake.requests).toHaveLength(4);
  });

  it('parses the status report the broker pushes; it has no poll and no balance to tell', async () => {
    await client().send(sms(6001));
    await fake.deliver('6001', 'Delivered');
    await fake.deliver('6001', 'Not delivered');
    const [delivered, notDelivered] = receiver.bodies();
    expect(parseDeliveryCallback('playmobile', delivered)).toEqual([{ providerMessageId: '6001', state: 'delivered' }]);
    expect(parseDeliveryCallback('playmobile', notDelivered)).toEqual([
      { providerMessageId: '6001', state: 'not_delivered' },
    ]);
    expect(await client().fetchStatus(['6001'])).toEqual([]);
    expect(await client().balance()).toEqual({ balance: null });
  });
});
