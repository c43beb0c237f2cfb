import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anEntry, json, renderAt, SLOW, stubMoneyApi } from './finance-test-support';
import { ReceiptPage } from './receipt-page';

let payment = anEntry({ id: 31, amount: 1_250_000, method: 'click', comment: 'November and December' });

stubMoneyApi((call) => {
  if (call.url === '/api/v1/payment/31') return json(200, payment);
  return undefined;
});

afterEach(() => vi.restoreAllMocks());

const open = (id = 31) => renderAt(<ReceiptPage />, `/finance/receipt/${id}`, '/finance/receipt/:id');

describe('the receipt', () => {
  it(
    "prints the payment in the company's language (uz), with its branch, cashier and number",
    async () => {
      payment = anEntry({ id: 31, amount: 1_250_000, method: 'click', comment: 'November and December' });
      const print = vi.spyOn(window, 'print').mockImplementation(() => {});
      open();
      const sheet = await screen.findByRole('region', { name: 'Kvitansiya № 31' });
      expect(within(sheet).getByTestId('receipt-amount').textContent).toBe('1 250 000 UZS');
      for (const text of ['Demo Academy', 'Yunusobod', 'Karimov Aziz', 'ENG-4', 'Click', '20.11.2025']) {
        expect(within(sheet).getByText(text), text).toBeTruthy();
      }
      expect(within(sheet).getByText('Nurmatova Aziza')).toBeTruthy();
      expect(within(sheet).getByText('November and December')).toBeTruthy();

      // The toolbar speaks the user's language and stays off the paper.
      fireEvent.click(screen.getByRole('button', { name: /Print receipt/ }));
      expect(print).toHaveBeenCalledOnce();
      expect(screen.getByRole('button', { name: /Print receipt/ }).closest('.receipt-toolbar')).not.toBeNull();
      const styles = Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '');
      expect(styles.some((css) => css.includes('@media print') && css.includes('.ant-layout-sider'))).toBe(true);
    },
    SLOW,
  );

  it(
    'says when the payment was cancelled',
    async () => {
      payment = anEntry({ id: 31, reversed_by_id: 40 });
      open();
      expect(await screen.findByText('Bu toʻlov bekor qilingan')).toBeTruthy();
      expect(screen.getByTestId('receipt-amount').querySelector('del')).not.toBeNull();
    },
    SLOW,
  );

  it(
    'says when there is no such payment',
    async () => {
      open(99);
      expect(await screen.findByText('No such payment')).toBeTruthy();
    },
    SLOW,
  );
});
