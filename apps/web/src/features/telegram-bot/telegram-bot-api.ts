import { telegramBotRoutes } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

/** Issue 24's calls (contracts `telegramBotRoutes`): the signed-in person's own link to the bot. */
const linkKey = ['telegram-bot', 'link'] as const;

export const useOwnTelegramLink = () => useQuery({ queryKey: linkKey, queryFn: () => api(telegramBotRoutes.ownLink) });

export function useTelegramLinkActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: linkKey });
  return {
    newLink: useMutation({ mutationFn: () => api(telegramBotRoutes.newLink) }),
    unlink: useMutation({ mutationFn: () => api(telegramBotRoutes.unlink), onSuccess: refresh }),
    refresh,
  };
}
