import { type LicenceOrder, type LicenceOrderInput, licenceRoutes, type OnlineProvider } from '@crm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, routePath } from '../../shared/api/api';
import { downloadXlsx } from '../users/users-api';
import { ORDERS_KEY, payOrder } from './licence-api';

/** The order's invoice for a bank transfer (a PDF), with the bearer token like the app's other files. */
export const downloadInvoice = (order: Pick<LicenceOrder, 'id' | 'number'>) =>
  downloadXlsx(routePath('/licence/orders/:id/invoice', { id: order.id }), {}, `invoice-${order.number}.pdf`);

/** How /billing/order ends: online (the provider's page) or an invoice to pay by transfer. */
export type OrderWay = { kind: 'online'; provider: OnlineProvider } | { kind: 'invoice' };

/**
 * Orders a band and period, then pays it the chosen way. Online answers the provider's address to go to; an
 * invoice is downloaded and the order stays pending in the list until the transfer arrives.
 */
export function useOrderLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, way }: { input: LicenceOrderInput; way: OrderWay }): Promise<string | null> => {
      const order = await api(licenceRoutes.createLicenceOrder, { body: input });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      if (way.kind === 'invoice') {
        await downloadInvoice(order);
        return null;
      }
      const checkout = await payOrder(order, way.provider);
      return checkout.redirect_url;
    },
  });
}
