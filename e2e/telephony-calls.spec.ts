import { type Browser, expect, type Page, test } from '@playwright/test';
import { type OnlinePbxFake, startOnlinePbxFake } from '../apps/server/test/fakes/onlinepbx-fake.js';
import { ONLINEPBX_FAKE_PORT, SIP_PORTS } from './playwright.config';
import { type SipPeer, startSipPeer } from './sip-peer';
import { type Lang, logIn, msg, pickOption, screenshots } from './support';

/**
 * Issue 22 through real SIP: the owner connects OnlinePBX (the fake of its HTTP API, the server's ONLINEPBX_API_URL)
 * and gives extension 101 to the administrator; her browser's JsSIP then registers with kamailio (the server's
 * ONLINEPBX_WS_URL) and calls a lead from the board — sipp answers — and takes a call sipp places from a student's
 * number. Chromium's fake microphone stands in for hers (--use-fake-device-for-media-stream).
 */

const DOMAIN = 'e2e.onpbx.ru';
const KEY = 'e2e-onlinepbx-api-key';
const ADMIN = 'Malika Yusupova';
const STUDENT = 'Ali Valiyev';

let pbx: OnlinePbxFake;
let sip: SipPeer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  pbx = await startOnlinePbxFake({
    port: ONLINEPBX_FAKE_PORT,
    accounts: {
      [DOMAIN]: {
        authKey: KEY,
        extensions: [
          { num: '101', name: 'Reception', webrtc: 'e2e-webrtc-101' },
          { num: '102', name: 'Cash desk', webrtc: null },
        ],
        calls: [],
      },
    },
  });
  sip = await startSipPeer(SIP_PORTS);
});

test.afterAll(async () => {
  sip?.stop();
  await pbx?.stop();
});

/** "Call …" whatever the number (the call buttons' label; the number stands first in some languages). */
const callLabel = (lang: Lang) => {
  const [before = '', after = ''] = msg(lang, 'telephony.button.callNumber', { number: '\u0000' }).split('\u0000');
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal(before)}.+${literal(after)}$`);
};

/** Settles when kamailio has taken the page's registration (its 200 to REGISTER over the WebSocket). */
function sipRegistered(page: Page) {
  return new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('SIP/2.0 200') && /CSeq: \d+ REGISTER/.test(String(payload))) resolve();
      }),
    ),
  );
}

async function pageIn(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
  return page;
}

test('the owner connects OnlinePBX, checked with its key, and gives extension 101 to the administrator', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'ru');
  await logIn(page, 'demo', '900000008', 'ru');
  await page.goto('/admin/voip');
  const domain = page.getByLabel(msg('ru', 'telephony.settings.domain'));
  await domain.fill(DOMAIN);
  const key = page.getByLabel(msg('ru', 'telephony.settings.key'));
  // antd keeps its (hidden) loading icon in the button's name once it has been busy.
  const saveAccounts = page.getByRole('button', { name: new RegExp(`${msg('ru', 'common.save')}$`) });
  await key.fill('a-wrong-key-1');
  await saveAccounts.click();
  await expect(page.getByText('OnlinePBX: Invalid auth key')).toBeVisible();

  await key.fill(KEY);
  await saveAccounts.click();
  await expect(page.getByText(msg('ru', 'telephony.settings.saved'))).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Reception' })).toBeVisible();
  await expect(page.getByText(msg('ru', 'telephony.users.noWebrtc'))).toBeVisible();
  await pickOption(page, page.getByLabel(msg('ru', 'telephony.users.userOf', { extension: '101' })), ADMIN, {
    search: true,
  });
  await page.getByRole('button', { name: msg('ru', 'telephony.users.save') }).click();
  await expect(page.getByText(msg('ru', 'telephony.users.saved'))).toBeVisible();
  await screenshots(page, 'telephony-settings-connected-ru');
  await page.context().close();
});

test('the administrator calls a lead from the board: sipp answers, hold, hang up, and the log shows the call', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'uz');
  await logIn(page, 'demo', '900000002', 'uz');
  const registered = sipRegistered(page);
  await page.goto('/leads');
  await registered;
  const widget = page.getByRole('region', { name: msg('uz', 'telephony.widget.region') });
  const card = page.getByRole('article').first();
  const leadName = ((await card.getByRole('button').first().textContent()) ?? '').trim();
  const firstCall = card.getByRole('button', { name: callLabel('uz') });
  const dialled = ((await firstCall.getAttribute('aria-label')) ?? '').replace(/\D/g, '');
  await firstCall.click();

  await expect(widget.getByText(msg('uz', 'telephony.states.speaking'))).toBeVisible();
  await screenshots(page, 'telephony-call-speaking-uz', { fullPage: false });
  await widget.getByRole('button', { name: msg('uz', 'telephony.widget.hold') }).click();
  await expect(widget.getByText(msg('uz', 'telephony.widget.onHold'))).toBeVisible();
  await widget.getByRole('button', { name: msg('uz', 'telephony.widget.resume') }).click();
  await expect(widget.getByText(msg('uz', 'telephony.widget.onHold'))).toBeHidden();
  await widget.getByRole('button', { name: msg('uz', 'telephony.widget.hangUp') }).click();
  await expect(widget).toBeHidden();
  await expect(page.getByRole('button', { name: msg('uz', 'telephony.widget.openDialer') })).toBeVisible();

  // OnlinePBX keeps the call it carried; the log reads it from there and names the lead by the number.
  pbx.accounts.get(DOMAIN)?.calls.push({
    uuid: 'e2e-outbound-1',
    caller_id_number: '101',
    destination_number: dialled,
    start_stamp: Math.floor(Date.now() / 1000) - 30,
    duration: 25,
    user_talk_time: 20,
    accountcode: 'outbound',
  });
  await page.goto('/call');
  const row = page
    .getByRole('row')
    .filter({ hasText: msg('uz', 'telephony.types.outbound') })
    .filter({ hasText: '101' });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText(leadName);
  await page.context().close();
});

test('sipp calls the administrator from a student’s number: the widget names him, links to his profile, and she answers', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'ru');
  await logIn(page, 'demo', '900000002', 'ru');
  const registered = sipRegistered(page);
  await page.goto('/groups');
  await registered;
  const call = sip.callExtension('101', '998900000007');

  const widget = page.getByRole('region', { name: msg('ru', 'telephony.widget.region') });
  await expect(widget.getByText(msg('ru', 'telephony.states.ringing'))).toBeVisible();
  const student = widget.getByRole('link', { name: STUDENT });
  await expect(student).toBeVisible();
  await widget.getByRole('button', { name: msg('ru', 'telephony.widget.answer') }).click();
  await expect(widget.getByText(msg('ru', 'telephony.states.speaking'))).toBeVisible();
  await screenshots(page, 'telephony-call-incoming-ru', { fullPage: false });

  // The call goes on while she opens his profile.
  await student.click();
  await expect(page).toHaveURL(/\/students\/profile\/\d+/);
  await expect(widget.getByText(msg('ru', 'telephony.states.speaking'))).toBeVisible();
  await widget.getByRole('button', { name: msg('ru', 'telephony.widget.hangUp') }).click();
  await expect(widget).toBeHidden();
  expect(await call, 'sipp saw the call through to its end').toBe(0);
  await page.context().close();
});
