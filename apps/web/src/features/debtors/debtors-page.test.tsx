import type { Debtor, DebtorsList } from '@crm/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, pageOf, renderAt, SLOW, stubMoneyApi } from '../finance/finance-test-support';
import { debtorsKey } from './debtors-api';
import { DebtorsPage } from './debtors-page';

const aDebtor = (overrides: Partial<Debtor> = {}): Debtor => ({
  student: { id: 11, name: 'Karimov Aziz', phone: '901234567' },
  balance: -600_000,
  next_charge: 600_000,
  groups: [
    {
      group: { id: 4, title: 'ENG-4' },
      balance: -600_000,
      lesson_price: 50_000,
      debt: 600_000,
      debt_lessons: 12,
      next_charge: { date: '2025-04-01', amount: 600_000 },
    },
  ],
  ...overrides,
});

const aList = (data: Debtor[], overrides: Partial<DebtorsList> = {}): DebtorsList => ({
  data,
  pagination: pageOf(data.length, data.length, 50),
  total_debt: data.reduce((sum, d) => sum + Math.min(0, d.balance), 0),
  total_shortfall: null,
  ...overrides,
});

let answer: (list: string, body: Record<string, unknown>) => Response = () => json(200, aList([]));

const calls = stubMoneyApi((call) => {
  const url = new URL(call.url, 'http://x');
  const debtors = url.pathname.match(/^\/api\/v1\/user\/debtors\/([\w-]+)\/2$/);
  if (debtors && call.method === 'POST') return answer(debtors[1]!, call.body as Record<string, unknown>);
  if (url.pathname === '/api/v1/group') return json(200, { data: [{ id: 4, title: 'ENG-4' }], pagination: pageOf(1) });
  if (url.pathname === '/api/v1/user/debtors-export/2') return new Response(new Blob(['xlsx']), { status: 200 });
  return undefined;
});

const listCalls = () =>
  calls
    .filter((call) => call.url.startsWith('/api/v1/user/debtors/'))
    .map((call) => ({ path: call.url, body: call.body as Record<string, unknown> }));

afterEach(() => vi.restoreAllMocks());

describe('the debtors page', () => {
  it(
    'lists the debtors with a link to each profile, the balance in red, the debt in lessons and the total debt',
    async () => {
      answer = () =>
        json(
          200,
          aList([
            aDebtor(),
            aDebtor({
              student: { id: 12, name: 'Aliyev Bekzod', phone: '935550011' },
              balance: -40_000,
              groups: [{ ...aDebtor().groups[0]!, balance: -600_000, debt: 40_000, debt_lessons: 1 }],
            }),
          ]),
        );
      renderAt(<DebtorsPage />, '/students/debtors');
      const link = await screen.findByRole('link', { name: 'Karimov Aziz' });
      expect(link.getAttribute('href')).toBe('/students/profile/11');
      expect(screen.getByTestId('debtors-total').textContent).toBe('640 000 UZS');
      expect(screen.getByText('Students: 2')).toBeTruthy();
      const row = link.closest('tr') as HTMLElement;
      expect(within(row).getByText('+998 90 123 45 67')).toBeTruthy();
      const balance = within(row).getAllByText('-600 000 UZS')[0]!;
      expect(balance.closest('.ant-typography-danger')).not.toBeNull();
      expect(within(row).getByText('lessons: 12')).toBeTruthy();
      const second = screen.getByRole('link', { name: 'Aliyev Bekzod' }).closest('tr') as HTMLElement;
      expect(within(second).getByText('lessons: 1')).toBeTruthy();
      expect(listCalls()[0]).toEqual({ path: '/api/v1/user/debtors/list/2', body: { page: 1, per_page: 50 } });
    },
    SLOW,
  );

  it(
    'switches to the balance-not-enough list: what each student lacks and when the next charge comes',
    async () => {
      answer = (list) =>
        list === 'not-enough'
          ? json(
              200,
              aList(
                [
                  aDebtor({
                    balance: 300_000,
                    groups: [{ ...aDebtor().groups[0]!, balance: 300_000, debt: 0, debt_lessons: 0 }],
                  }),
                ],
                { total_debt: 0, total_shortfall: 300_000 },
              ),
            )
          : json(200, aList([]));
      renderAt(<DebtorsPage />, '/students/debtors');
      await screen.findByText('No debtors: no student has a balance below zero');
      fireEvent.click(screen.getByText('Balance not enough'));
      await waitFor(() => expect(screen.getByTestId('debtors-total').textContent).toBe('300 000 UZS'));
      const row = screen.getByRole('link', { name: 'Karimov Aziz' }).closest('tr') as HTMLElement;
      expect(within(row).getAllByText('600 000 UZS on 01.04.2025')).toHaveLength(2);
      expect(within(row).queryByText(/lessons:/)).toBeNull();
      expect(listCalls().at(-1)?.path).toBe('/api/v1/user/debtors/not-enough/2');
    },
    SLOW,
  );

  it(
    'searches by name or phone after a pause, starting again at page one',
    async () => {
      answer = (_list, body) =>
        json(
          200,
          aList(
            body.name_or_phone ? [aDebtor()] : [aDebtor(), aDebtor({ student: { id: 12, name: 'B', phone: '1' } })],
            {
              pagination: { ...pageOf(2, 120, 50), current_page: Number(body.page) },
            },
          ),
        );
      renderAt(<DebtorsPage />, '/students/debtors');
      await screen.findByRole('link', { name: 'Karimov Aziz' });
      fireEvent.click(screen.getByTitle('2'));
      await waitFor(() => expect(listCalls().at(-1)?.body.page).toBe(2));
      fireEvent.change(screen.getByLabelText('Name or phone'), { target: { value: ' 1234 ' } });
      await waitFor(() => expect(listCalls().at(-1)?.body).toEqual({ name_or_phone: '1234', page: 1, per_page: 50 }));
    },
    SLOW,
  );

  it(
    'downloads the Excel file in the interface language',
    async () => {
      answer = () => json(200, aList([aDebtor()]));
      const created = vi.fn(() => 'blob:debtors');
      URL.createObjectURL = created;
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      renderAt(<DebtorsPage />, '/students/debtors');
      await screen.findByRole('link', { name: 'Karimov Aziz' });
      fireEvent.click(screen.getByRole('button', { name: /Download Excel/ }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const download = calls.find((call) => call.url.startsWith('/api/v1/user/debtors-export/2'));
      expect(new URL(download!.url, 'http://x').searchParams.get('lang')).toBe('en');
      expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toMatch(
        /^debtors-\d{4}-\d{2}-\d{2}\.xlsx$/,
      );
    },
    SLOW,
  );

  it('keeps its queries under the money key, so a payment anywhere refreshes the lists', () => {
    expect(debtorsKey[0]).toBe('money');
  });
});
