import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setApiErrorHandlers } from '../../shared/api/api-client';

/** Spec §8: a 403 answer shows the Forbidden notice (only signed-in pages can meet one). */
export function useForbiddenNotice(): void {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  useEffect(
    () =>
      setApiErrorHandlers({
        // Spec §9: notices last 2 s; one key, so a burst of refusals shows one notice.
        onForbidden: () => notification.error({ key: 'forbidden', title: t('errors.forbidden'), duration: 2 }),
      }),
    [notification, t],
  );
}
