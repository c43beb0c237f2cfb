import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEskizFake } from '../../../test/fakes/eskiz-fake.js';
import { startReportReceiver } from '../../../test/fakes/fake-server.js';
import { EskizClient } from './eskiz-client.js';
import { EskizTokens } from './eskiz-tokens.js';
import {
  type OutgoingSms,
  parseDeliveryCallback,
  SmsCredentialsRejectedError,
  SmsProviderUnavailableError,
  SmsRefusedError,
} from './sms-provider.js';

const CREDENTIALS = { email: 'sms@centre.uz', password: 'Gateway-Pa55' };
const BLACKLISTED = '998900000013';
const fake = await startEskizFake({ ...CREDENTIALS, balance: 12_500, refusedPhones: [BLACKLISTED] });
const receiver = await startReportReceiver();
afterAll(async () => {
  await fake.stop();
  await receiver.stop();
});

const logs: string[] = [];
const log = { warn: (details: object, message: string) => logs.push(`${message} ${JSON.stringify(details)}`) };
const client = (credentials = CREDENTIALS, tokens = new EskizTokens()) =>
  new EskizClient(credentials, { baseUrl: fake.url, timeoutMs: 300, retryDelayMs: 10, log }, tokens);
const sms = (ref: number, extra: Partial<OutgoingSms> = {}): OutgoingSms => ({
  ref: String(ref),
  phone: `99890${String(ref).padStart(7, '0')}`,
  text: `Hurmatli ota-ona, to‘lov ${ref} so‘m`,
  ...extra,
});
const calls = (path: string) => fake.requests.filter((r) => r.path === path);

beforeEach(() => {
  fake.requests.length = 0;
  fake.setDelay(0);
  logs.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('the Eskiz client', () => {
  it('logs in with the gateway account, then sends a message with our ref as user_sms_id', async () => {
    const sent = await client().send(sms(5001, { from: 'CENTRE' }));
    expect(sent).toMatchObject({ ref: '5001', state: 'stored' });
    const stored = fake.messages.find((m) => m.userSmsId === '5001');
    expect(stored).toMatchObject({ to: '998900005001', from: 'CENTRE', status: 'waiting', callbackUrl: null });
    expect(sent.providerMessageId).toBe(`${stored?.requestId}:5001`);
    const [login, send] = fake.requests;
    expect(login).toMatchObject({ method: 'POST', path: '/auth/login' });
    expect(login?.contentType).toMatch(/^multipart\/form-data/);
    expect(send).toMatchObject({ method: 'POST', path: '/message/sms/send-batch' });
    expect(send?.authorization).toMatch(/^Bearer \S+\.\S+\.\S+$/);
    // The password went in the log-in's body and nowhere else.
    expect(fake.requests.filter((r) => JSON.stringify(r).includes(CREDENTIALS.password))).toEqual([login]);
  });

  it('sends a large batch in calls of one dispatch, sender and callback address each, answering in order', async () => {
    const messages = [
      ...Array.from({ length: 450 }, (_, i) => sms(1000 + i)),
      sms(1450, { from: 'CENTRE' }),
      sms(1451, { from: 'CENTRE' }),
    ];
    const sent = await client().sendBatch(messages);
    expect(sent.map((s) => s.ref)).toEqual(messages.map((m) => m.ref));
    expect(sent.every((s) => s.state === 'stored' && s.providerMessageId?.endsWith(`:${s.ref}`))).toBe(true);
    // Refs 1000–1199, 1200–1399 and 1400–1451 fall in three dispatches; the two CENTRE messages go apart.
    const batches = calls('/message/sms/send-batch').map((r) => JSON.parse(r.body));
    expect(batches.map((b) => [b.dispatch_id, b.from, b.messages.length])).toEqual([
      [5, '4546', 200],
      [6, '4546', 200],
      [7, '4546', 50],
      [7, 'CENTRE', 2],
    ]);
  });

  it('still sends the rest of a batch Eskiz refuses for one number, and rejects that one alone', async () => {
    const messages = [sms(2001), sms(2002, { phone: BLACKLISTED }), sms(2003, { phone: '+998 90' }), sms(2004)];
    const sent = await client().sendBatch(messages);
    expect(sent.map((s) => [s.ref, s.state])).toEqual([
      ['2001', 'stored'],
      ['2002', 'rejected'],
      ['2003', 'rejected'],
      ['2004', 'stored'],
    ]);
    expect(sent[1]?.providerMessageId).toBeNull();
    expect(fake.messages.filter((m) => ['2001', '2004'].includes(m.userSmsId ?? ''))).toHaveLength(2);
    // The whole chunk once, then its three dialable messages one by one; the undialable one never left.
    expect(calls('/message/sms/send-batch')).toHaveLength(4);
  });

  it('reports a single refused number as refused, with Eskiz’s reason', async () => {
    const error = await client()
      .send(sms(2101, { phone: BLACKLISTED }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsRefusedError);
    expect((error as SmsRefusedError).message).toContain('Invalid phone number');
    expect((error as SmsRefusedError).providerCode).toBe('400');
  });

  it('polls the states of sent messages from their dispatch, in our words', async () => {
    const sent = await client().sendBatch(Array.from({ length: 25 }, (_, i) => sms(3000 + i)));
    const words = ['DELIVERED', 'DELIVRD', 'REJECTED', 'UNDELIV', 'EXPIRED', 'TRANSMTD', 'ACCEPTED', 'DELETED'];
    for (const [i, word] of words.entries()) await fake.deliver(3000 + i * 3, word);
    const ids = sent.map((s) => s.providerMessageId as string);
    const states = await client().fetchStatus([...ids, 'unknown-request:3001', 'not-ours']);
    const stateOf = (ref: number) => states.find((s) => s.providerMessageId.endsWith(`:${ref}`))?.state;
    expect(states).toHaveLength(25);
    expect(words.map((_, i) => stateOf(3000 + i * 3))).toEqual([
      'delivered',
      'delivered',
      'rejected',
      'not_delivered',
      'not_delivered',
      'accepted',
      'accepted',
      'failed',
    ]);
    expect(stateOf(3001)).toBe('stored');
    // 25 messages of one dispatch are two pages of 20.
    expect(calls('/message/sms/get-user-messages-by-dispatch').map((r) => r.query.page)).toEqual(['1', '2']);
  });

  it('gets the delivery callback Eskiz posts, which names the message as the send did', async () => {
    const sent = await client().send(sms(4001, { callbackUrl: receiver.url }));
    await fake.deliver('4001', 'DELIVRD');
    const [body] = receiver.bodies();
    expect(parseDeliveryCallback('eskiz', body)).toEqual([
      { providerMessageId: sent.providerMessageId, state: 'delivered' },
    ]);
    expect(JSON.parse(calls('/message/sms/send-batch')[0]?.body ?? '{}').callback_url).toBe(receiver.url);
  });

  it('asks for one token per account however many sends need it at once', async () => {
    const tokens = new EskizTokens();
    await Promise.all([client(CREDENTIALS, tokens).send(sms(5101)), client(CREDENTIALS, tokens).balance()]);
    expect(calls('/auth/login')).toHaveLength(1);
  });

  it('renews a token before it ends, logs in again once it has ended, and when Eskiz refuses it', async () => {
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now');
    const at = (days: number) => clock.mockImplementation(() => start + days * 86_400_000);
    const shared = client();
    await shared.send(sms(5201));
    at(29.5); // a day before its end: renewed with the token itself, no password sent
    await shared.send(sms(5202));
    expect([calls('/auth/login').length, calls('/auth/refresh').length]).toEqual([1, 1]);
    at(29.5 + 31); // the renewed token has ended too
    await shared.send(sms(5203));
    expect(calls('/auth/login')).toHaveLength(2);
    fake.revokeTokens();
    await shared.send(sms(5204));
    expect(calls('/auth/login')).toHaveLength(3);
    expect(fake.messages.filter((m) => m.userSmsId?.startsWith('520'))).toHaveLength(4);
  });

  it('reports wrong credentials as such, and never says or logs the password', async () => {
    const wrong = { ...CREDENTIALS, password: 'not-the-password-7c1' };
    const error = await client(wrong)
      .send(sms(6001))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsCredentialsRejectedError);
    const said = `${String(error)} ${JSON.stringify(error)} ${logs.join(' ')}`;
    expect(said).not.toContain('not-the-password-7c1');
    expect(calls('/message/sms/send-batch')).toHaveLength(0);
  });

  it('retries a call Eskiz fails once, and reports Eskiz unavailable when the retry fails too', async () => {
    const shared = client();
    await shared.balance();
    fake.failNext(1, 500);
    expect((await shared.send(sms(7001))).state).toBe('stored');
    fake.failNext(2, 502);
    const error = await shared.send(sms(7002)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsProviderUnavailableError);
    expect((error as SmsProviderUnavailableError).reason).toBe('send-batch: status 502');
    expect(logs.filter((line) => line.startsWith('eskiz call failed'))).toHaveLength(3);
    expect(fake.messages.some((m) => m.userSmsId === '7002')).toBe(false);
  });

  it('does not repeat a send that timed out, since Eskiz may have taken it', async () => {
    const shared = client();
    await shared.balance();
    fake.setDelay(500);
    const error = await shared.send(sms(7101)).catch((e: unknown) => e);
    expect((error as SmsProviderUnavailableError).reason).toBe('send-batch: timeout');
    expect(calls('/message/sms/send-batch')).toHaveLength(1);
  });

  it('tells the account’s balance, and reports an Eskiz that does not answer as unavailable', async () => {
    expect(await client().balance()).toEqual({ balance: 12_500 });
    const nobody = new EskizClient(CREDENTIALS, {
      baseUrl: 'http://127.0.0.1:9/api',
      timeoutMs: 300,
      retryDelayMs: 10,
    });
    const error = await nobody.balance().catch((e: unknown) => e);
    expect((error as SmsProviderUnavailableError).reason).toBe('log-in: no connection');
  });
});
