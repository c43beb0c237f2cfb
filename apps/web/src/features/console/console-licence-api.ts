import {
  type ConsoleLicenceSettingsInput,
  type ConsoleMerchantInput,
  type Country,
  consoleRoutes,
  type OnlineProvider,
  type TariffInput,
} from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleApi } from './console-api';

/* The console's price list, licence settings and merchant accounts (issue 17). */

const TARIFFS = ['console', 'tariffs'] as const;
const LICENCE_SETTINGS = ['console', 'licence-settings'] as const;
const MERCHANTS = ['console', 'merchants'] as const;
const AUDIT = ['console', 'audit'] as const;

export const useConsoleTariffs = (country: Country) =>
  useQuery({
    queryKey: [...TARIFFS, country],
    queryFn: () => consoleApi(consoleRoutes.listTariffs, { query: { country } }),
  });

/** A price set or removed: its country's list again (a one-month price moves the other periods' discounts). */
export function useTariffChanges(country: Country) {
  const client = useQueryClient();
  const changed = () => {
    void client.invalidateQueries({ queryKey: [...TARIFFS, country] });
    void client.invalidateQueries({ queryKey: AUDIT });
  };
  const save = useMutation({
    mutationFn: (body: TariffInput) => consoleApi(consoleRoutes.setTariff, { body }),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (id: number) => consoleApi(consoleRoutes.deleteTariff, { params: { id } }),
    onSuccess: changed,
  });
  return { save, remove };
}

export const useLicenceSettings = () =>
  useQuery({ queryKey: LICENCE_SETTINGS, queryFn: () => consoleApi(consoleRoutes.licenceSettings) });

export function useSaveLicenceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleLicenceSettingsInput) => consoleApi(consoleRoutes.updateLicenceSettings, { body }),
    onSuccess: (saved) => {
      client.setQueryData(LICENCE_SETTINGS, saved);
      void client.invalidateQueries({ queryKey: AUDIT });
    },
  });
}

export const useMerchants = () => useQuery({ queryKey: MERCHANTS, queryFn: () => consoleApi(consoleRoutes.merchants) });

export function useSaveMerchant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { provider: OnlineProvider; body: ConsoleMerchantInput }) =>
      consoleApi(consoleRoutes.updateMerchant, { params: { provider: input.provider }, body: input.body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: MERCHANTS });
      void client.invalidateQueries({ queryKey: AUDIT });
    },
  });
}
