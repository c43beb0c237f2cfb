import { afterAll, describe, expect, it } from 'vitest';
import { startEskizFake } from '../../../test/fakes/eskiz-fake.js';
import { createSmsProvider } from './provider-factory.js';
import { parseDeliveryCallback, SmsCredentialsRejectedError } from './sms-provider.js';

const fake = await startEskizFake({ email: 'sms@centre.uz', password: 'Gateway-Pa55' });
afterAll(() => fake.stop());

describe('delivery callbacks', () => {
  const eskizReport = {
    request_id: '59bf10a2-aba8-4694-8fd5-0be20102a580',
    message_id: '4385062',
    user_sms_id: '8812',
    country: 'UZ',
    phone_number: '998991234567',
    sms_count: '1',
    status: 'DELIVRD',
    status_date: '2021-04-02 00:39:36',
  };

  it('maps Eskiz’s words onto the spec’s states, an unknown word to error', () => {
    const stateOf = (status: string) => parseDeliveryCallback('eskiz', { ...eskizReport, status })[0]?.state;
    expect(
      ['waiting', 'NEW', 'STORED', 'ACCEPTED', 'ENROUTE', 'PARTDELIVERED', 'DELIVRD', 'UNDELIVERABLE', 'REJECTD'].map(
        stateOf,
      ),
    ).toEqual([
      'stored',
      'stored',
      'stored',
      'accepted',
      'accepted',
      'delivered',
      'delivered',
      'not_delivered',
      'rejected',
    ]);
    expect(stateOf('SOMETHING-NEW')).toBe('error');
  });

  it('names the message by Eskiz’s request id and our ref, from JSON or a form post alike', () => {
    const fromForm = { ...eskizReport, user_sms_id: 8812, message_id: 4385062 };
    for (const body of [eskizReport, fromForm]) {
      expect(parseDeliveryCallback('eskiz', body)).toEqual([
        { providerMessageId: '59bf10a2-aba8-4694-8fd5-0be20102a580:8812', state: 'delivered' },
      ]);
    }
  });

  it('takes one Play Mobile report or several', () => {
    const reports = {
      messages: [
        { 'message-id': '17', status: 'DELIVRD' },
        { message_id: '18', status: 'Rejected' },
      ],
    };
    expect(parseDeliveryCallback('playmobile', reports)).toEqual([
      { providerMessageId: '17', state: 'delivered' },
      { providerMessageId: '18', state: 'rejected' },
    ]);
    expect(parseDeliveryCallback('playmobile', { 'message-id': '19', status: 'transmitted' })).toEqual([
      { providerMessageId: '19', state: 'accepted' },
    ]);
  });

  it('refuses a body that is not a delivery report', () => {
    for (const body of [null, 'DELIVRD', {}, { request_id: 'x' }, { status: 'DELIVRD' }]) {
      expect(() => parseDeliveryCallback('eskiz', body)).toThrow();
      expect(() => parseDeliveryCallback('playmobile', body)).toThrow();
    }
  });
});

describe('the provider factory', () => {
  it('builds the client of the provider from the stored credentials and the server’s address', async () => {
    const eskiz = createSmsProvider('eskiz', { email: 'sms@centre.uz', password: 'Gateway-Pa55' }, fake.url);
    expect(eskiz.name).toBe('eskiz');
    expect((await eskiz.send({ ref: '1', phone: '998901112233', text: 'Salom' })).state).toBe('stored');
    const playmobile = createSmsProvider(
      'playmobile',
      { username: 'centre', password: 'x', originator: '3700' },
      'http://127.0.0.1:9',
    );
    expect(playmobile.name).toBe('playmobile');
  });

  it('answers "fix your settings" for credentials that lack a field', () => {
    expect(() => createSmsProvider('eskiz', { email: 'sms@centre.uz' }, fake.url)).toThrow(SmsCredentialsRejectedError);
    expect(() => createSmsProvider('playmobile', { username: 'centre', password: 'x' }, fake.url)).toThrow(
      SmsCredentialsRejectedError,
    );
    expect(() => createSmsProvider('eskiz', null, fake.url)).toThrow(SmsCredentialsRejectedError);
  });
});
