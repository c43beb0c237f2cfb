import { type ChildOverview, type ParentChild, Role } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../shared/session/session-store';
import { aUser } from '../../test/session-fixtures';
import { address, renderAt } from '../auth/auth-test-support';
import { aNewsList, aNewsPost } from '../blog/blog-fixtures';
import { json, stubApi } from '../courses/test-support';
import { aCheckout } from '../online-payments/online-payments-fixtures';
import { ParentHomePage } from './parent-home-page';
import { aChild, aChildAttendance, aChildLesson, aChildOverview } from './parents-fixtures';

const browser = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('../auth/browser-address', () => ({
  browserHost: () => ({ protocol: 'http:', hostname: 'demo.localhost', port: '3000' }),
  openAddress: (url: string) => browser.opened.push(url),
}));

const ALI = aChild();
const AZIZ = aChild({ id: 22, name: 'Aziz Valiyev', balance: -380_000, groups: [{ id: 9, title: 'MATH-2' }] });
let children: ParentChild[];
let pages: Record<number, ChildOverview>;

const calls = stubApi(({ method, url }) => {
  if (url === '/api/v1/parent/children') return json(200, { data: children });
  const child = url.match(/^\/api\/v1\/parent\/children\/(\d+)$/);
  if (child) return json(200, pages[Number(child[1])]);
  if (url.startsWith('/api/v1/parent/children/21/attendance?month=2026-03')) return json(200, aChildAttendance());
  if (url.startsWith('/api/v1/parent/children/21/attendance?month=2026-02'))
    return json(200, aChildAttendance({ month: '2026-02', lessons: [], present: 0, absent: 0 }));
  if (url.includes('/attendance?')) return json(200, aChildAttendance({ lessons: [], present: 0, absent: 0 }));
  if (url.startsWith('/api/v1/blog/?'))
    return json(200, aNewsList([aNewsPost({ title: 'Parents’ meeting on Friday', is_viewed: false })]));
  if (method === 'POST' && url === '/api/v1/online-payments/checkouts')
    return json(200, aCheckout({ redirect_url: 'https://checkout.paycom.uz/abc' }));
  return json(404, { error: { code: 'not_found', message: url } });
});

beforeEach(() => {
  storeUser(aUser([Role.parent]), 'token');
  sessionStorage.clear();
  browser.opened.length = 0;
  children = [ALI, AZIZ];
  pages = {
    21: aChildOverview(ALI, {
      lessons: [
        aChildLesson({ mark: 1 }),
        aChildLesson({ date: '2026-03-13', state: 'cancelled', group_title: 'ENG-7', start_time: '14:00' }),
      ],
    }),
    22: aChildOverview(
      { id: 22, name: 'Aziz Valiyev' },
      {
        lessons: [],
        money: {
          balance: -380_000,
          to_pay_now: 380_000,
          month_fee: 500_000,
          groups: [{ group_id: 9, name: 'MATH-2', month_price: 500_000 }],
          providers: ['payme', 'click'],
          receipts: [{ id: 3, amount: 120_000, date: '2026-02-20', method: 'cash', group_title: 'MATH-2' }],
        },
      },
    ),
  };
});

const open = (path = '/parent') => renderAt(path, { '/parent': <ParentHomePage /> });
const balance = () => screen.findByTestId('child-balance');

describe("the parent's page (/parent)", () => {
  it('shows the first child, switches to the second one, and keeps the choice in the address', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Ali Valiyev', level: 2 })).toBeTruthy();
    // Today's lesson with his mark, and a cancelled lesson later in the week said as such.
    const week = await screen.findByText('Lessons this week');
    const weekCard = week.closest('.ant-card') as HTMLElement;
    expect(within(weekCard).getByText('Present')).toBeTruthy();
    expect(within(weekCard).getByText('Cancelled')).toBeTruthy();
    expect((await balance()).textContent).toBe('0 UZS');
    expect(screen.getByText('No debt')).toBeTruthy();
    expect(screen.getByText('Parents’ meeting on Friday')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Aziz Valiyev' }));
    expect(await screen.findByRole('heading', { name: 'Aziz Valiyev', level: 2 })).toBeTruthy();
    await waitFor(async () => expect((await balance()).textContent).toBe('-380 000 UZS'));
    expect((await balance()).className).toContain('ant-typography-danger');
    expect(screen.getByText('To pay now')).toBeTruthy();
    expect(screen.getByText('380 000 UZS')).toBeTruthy();
    expect(screen.getByText('No lessons this week')).toBeTruthy();
    expect(address()).toBe('/parent?child=22');
    expect(calls.some((call) => call.url === '/api/v1/parent/children/22')).toBe(true);
  });

  it('pays the debt of the chosen child online and goes to the provider', async () => {
    open('/parent?child=22');
    await waitFor(async () => expect((await balance()).textContent).toBe('-380 000 UZS'));
    fireEvent.click(screen.getByRole('button', { name: /Pay online/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment for Aziz Valiyev' });
    // The debt is proposed; a month's fee would be without one.
    const amount = within(dialog).getByLabelText('Amount, UZS') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('380 000'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Click' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(browser.opened).toEqual(['https://checkout.paycom.uz/abc']));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      student_id: 22,
      provider: 'click',
      amount: 380_000,
    });
  });

  it('shows a month of attendance with its counts, and the month before on asking', async () => {
    open();
    expect(await screen.findByText('Present: 1')).toBeTruthy();
    expect(screen.getByText('Absent: 1')).toBeTruthy();
    expect(screen.getByText('Holiday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('Present: 0')).toBeTruthy();
    expect(screen.getByText('No lessons this month')).toBeTruthy();
  });

  it('draws no switcher for one child, and offers no payment where the centre takes none online', async () => {
    children = [ALI];
    pages[21] = aChildOverview(ALI, { policies: { can_pay: false } });
    open();
    expect(await screen.findByRole('heading', { name: 'Ali Valiyev', level: 2 })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Ali Valiyev' })).toBeNull();
    expect(await screen.findByText('Online payment is not set up in your centre')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Pay online/ })).toBeNull();
  });

  it('says so when none of his children studies here', async () => {
    children = [];
    open();
    expect(
      await screen.findByText(
        "None of your children studies at the centre now. Ask the centre to put your phone number in your child's details.",
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/v1/parent/children/'))).toBe(false);
  });
});
