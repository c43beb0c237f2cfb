import { consoleRoutes } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { setChatLocale, setChatVisible, startChatwoot } from './chatwoot';

/**
 * The support chat (issue 16): the platform's Chatwoot widget when the console configured one, nothing when
 * not. Renders nothing itself — the widget draws its own bubble — and only hides it where it must not show.
 */
export function SupportChatWidget({ hidden }: { hidden: boolean }) {
  const { i18n } = useTranslation();
  const chat = useQuery({
    queryKey: ['support-chat'],
    queryFn: () => api(consoleRoutes.supportChat, { handleErrors: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const settings = chat.data ?? null;

  useEffect(() => {
    if (settings && !hidden) startChatwoot(settings, i18n.language).catch(() => {});
  }, [settings, hidden, i18n.language]);
  useEffect(() => setChatVisible(!hidden), [hidden]);
  useEffect(() => setChatLocale(i18n.language), [i18n.language]);
  return null;
}
