import { type Offer, Role } from '@crm/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { json, renderPage, stubApi } from '../courses/test-support';
import { OfferPrompt } from './offer-prompt';
import { anOffer, signedState } from './offer-test-support';

let offer: Offer;
let acceptAnswer: () => Response;
const calls = stubApi(({ method, url }) => {
  if (method === 'PUT' && url.endsWith('/offer')) return acceptAnswer();
  if (url.endsWith('/api/v1/offer')) return json(200, offer);
  return json(404, { error: { code: 'not_found', message: 'Not found' } });
});

beforeEach(() => {
  offer = anOffer();
  acceptAnswer = () => {
    offer = { ...offer, state: signedState(offer.current?.version ?? 1) };
    return json(200, offer.state);
  };
});

const asStudent = () => storeUser({ ...aUser([Role.student]), id: 41 }, 'student-token');
const dialog = () => screen.findByRole('dialog');
const acceptButton = () => screen.getByRole('button', { name: 'Accept' });

describe('the offer dialog of a signed-in student', () => {
  it('shows the offer in his language, and accepts it only once "I have read" is ticked', async () => {
    asStudent();
    renderPage(<OfferPrompt />);
    await dialog();
    expect(screen.getByText('1. The centre teaches.', { exact: false })).toBeTruthy();
    expect(acceptButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read the offer and accept it' }));
    fireEvent.click(acceptButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/v1/user/41/offer',
      body: { version: 1, language: 'en' },
    });
  });

  it('falls back to a language the offer is written in, and records that one', async () => {
    offer = anOffer({ current: { version: 1, texts: { ru: 'Только по-русски' }, published_at: '2025-03-01' } });
    asStudent();
    renderPage(<OfferPrompt />);
    await dialog();
    expect(screen.getByText('Только по-русски')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(acceptButton());
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ version: 1, language: 'ru' }));
  });

  it('shows the text as text: markup pasted into the settings is never run or drawn as HTML', async () => {
    offer = anOffer({
      current: { version: 1, texts: { en: '<img src=x onerror="alert(1)"><b>Bold</b>' }, published_at: '2025-03-01' },
    });
    asStudent();
    renderPage(<OfferPrompt />);
    const shown = await dialog();
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>Bold</b>')).toBeTruthy();
    expect(shown.querySelector('img, b')).toBeNull();
  });

  it('says so when a newer version came out meanwhile, and shows that one to read', async () => {
    acceptAnswer = () => {
      offer = anOffer(
        { current: { version: 2, texts: { en: 'Second edition' }, published_at: '2025-04-01' } },
        {
          current_version: 2,
        },
      );
      return json(409, { error: { code: 'offer_version_outdated', message: 'outdated' } });
    };
    asStudent();
    renderPage(<OfferPrompt />);
    await dialog();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(acceptButton());
    expect(await screen.findByText('Second edition')).toBeTruthy();
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', false);
  });

  it('asks again after a new version, in other words', async () => {
    offer = anOffer(
      { current: { version: 3, texts: { en: 'Third edition' }, published_at: '2025-05-01' } },
      {
        current_version: 3,
        accepted_version: 2,
      },
    );
    asStudent();
    renderPage(<OfferPrompt />);
    await dialog();
    expect(screen.getByText('The offer has changed. Please read version 3 and accept it.')).toBeTruthy();
  });

  it('"Later" lets him go on; nothing is recorded', async () => {
    offer = anOffer({ current: { version: 7, texts: { en: 'Seventh edition' }, published_at: '2025-05-01' } });
    asStudent();
    renderPage(<OfferPrompt />);
    await dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is not shown to a student who accepted the version in force', async () => {
    offer = anOffer({}, signedState(1));
    asStudent();
    renderPage(<OfferPrompt />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/offer')).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is never loaded for staff: no question is even asked', async () => {
    renderPage(<OfferPrompt />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
