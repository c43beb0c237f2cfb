import { type TelegramReportUpdate, telegramReportRoutes } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

const telegramReportKey = ['telegram-report'] as const;

/** GET /telegram-report: the chat, whether the server has a bot, the last report sent or refused. */
export const useTelegramReport = () =>
  useQuery({ queryKey: telegramReportKey, queryFn: () => api(telegramReportRoutes.settings) });

/** PUT /telegram-report: its answer is the settings as they now are. */
export function useSaveTelegramReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TelegramReportUpdate) => api(telegramReportRoutes.update, { body }),
    onSuccess: (settings) => queryClient.setQueryData(telegramReportKey, settings),
  });
}

/** POST /telegram-report/test: nothing to read again, the test report is recorded nowhere. */
export const useSendTestReport = () => useMutation({ mutationFn: () => api(telegramReportRoutes.sendTest) });
