import type { Offer, OfferTexts, OfferVersion } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, renderPage, stubApi } from '../courses/test-support';
import { OfferSettingsCard } from './offer-settings-card';
import { anOffer } from './offer-test-support';

const PUBLISHER = { can_publish: true, can_accept: false };
const NONE: Offer = {
  current: null,
  state: { current_version: null, accepted_version: null, accepted_at: null, signed: false },
  policies: PUBLISHER,
};

let offer: Offer;
let versions: OfferVersion[];
const calls = stubApi(({ method, url, body }) => {
  if (method === 'POST' && url === '/api/v1/offer') {
    const version = (offer.current?.version ?? 0) + 1;
    const { texts } = body as { texts: OfferTexts };
    offer = { ...offer, current: { version, texts, published_at: '2025-04-01T08:00:00.000Z' } };
    versions = [
      { version, published_at: '2025-04-01T08:00:00.000Z', published_by: null, languages: ['uz'], acceptances: 0 },
      ...versions,
    ];
    return json(200, offer);
  }
  if (url === '/api/v1/offer') return json(200, offer);
  if (url === '/api/v1/offer/versions') return json(200, { data: versions });
  if (url === '/api/v1/offer/versions/1')
    return json(200, { ...versions.at(-1), texts: { ru: 'Первая редакция договора' } });
  return json(404, { error: { code: 'not_found', message: 'Not found' } });
});

beforeEach(() => {
  offer = NONE;
  versions = [];
});

const publishButton = () => screen.getByRole('button', { name: 'Publish new version' });

describe('OfferSettingsCard', () => {
  it('publishes the first version after a confirmation that everyone will be asked', async () => {
    renderPage(<OfferSettingsCard />);
    expect(await screen.findByText('Not published')).toBeTruthy();
    expect(publishButton()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('tab', { name: 'Oʻzbekcha' }));
    fireEvent.change(screen.getByLabelText('Offer text, Oʻzbekcha'), { target: { value: 'Ommaviy oferta matni' } });
    fireEvent.click(publishButton());
    const confirm = within(await screen.findByRole('tooltip'));
    expect(confirm.getByText('Every student will be asked to read and accept it again.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(confirm.getByRole('button', { name: 'Publish new version' }));
    expect(await screen.findByText('Version 1 is published')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ texts: { uz: 'Ommaviy oferta matni' } });
    expect(await screen.findByText('Version 1')).toBeTruthy();
    expect(screen.getByText('http://localhost:3000/offer', { exact: false })).toBeTruthy();
  });

  it('starts the next version from the one in force, and will not republish it unchanged', async () => {
    offer = { ...anOffer(), policies: PUBLISHER };
    renderPage(<OfferSettingsCard />);
    const english = (await screen.findByLabelText('Offer text, English')) as HTMLTextAreaElement;
    expect(english.value).toContain('1. The centre teaches.');
    expect(publishButton()).toHaveProperty('disabled', true);
    fireEvent.change(english, { target: { value: `${english.value}\n3. Refunds within 14 days.` } });
    expect(publishButton()).toHaveProperty('disabled', false);
  });

  it('lists the versions with their acceptances, and opens one as it was published', async () => {
    offer = { ...anOffer(), policies: PUBLISHER };
    versions = [
      {
        version: 1,
        published_at: '2025-03-01T08:00:00.000Z',
        published_by: { id: 9, name: 'Jasur Toshmatov' },
        languages: ['en', 'ru'],
        acceptances: 12,
      },
    ];
    renderPage(<OfferSettingsCard />);
    expect(await screen.findByText('by Jasur Toshmatov · EN, RU · accepted: 12')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Первая редакция договора')).toBeTruthy();
  });

  it('shows the link but no editor to whom the server does not let publish', async () => {
    offer = anOffer();
    renderPage(<OfferSettingsCard />);
    expect(await screen.findByText('Version 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish new version' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/offer/versions')).toBe(false));
  });
});
