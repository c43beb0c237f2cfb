import { BellOutlined } from '@ant-design/icons';
import { App, Badge, Button, Tooltip } from 'antd';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dueNoticeKey, useMarkNotified, useReminderCounts } from './reminders-api';

/**
 * The header's bell: the signed-in user's own tasks of today and overdue (read each minute), and a notice
 * when one of them falls due while the app is open. The server remembers what it told (notified_at), so a
 * notice comes once, not in every tab or after every reload. Nothing is drawn for a user without reminders.
 */
/**
 * Below this width the header's buttons already take all its room (at 390 px six pixels are left): the bell
 * is not drawn there — the menu leads to the tasks, and the notices still come.
 */
const NARROW = window.matchMedia('(max-width: 419px)');
const subscribeNarrow = (onChange: () => void) => {
  NARROW.addEventListener('change', onChange);
  return () => NARROW.removeEventListener('change', onChange);
};

export function RemindersBadge() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const counts = useReminderCounts();
  const markNotified = useMarkNotified();
  // Within this page, a notice is not repeated while the server has not yet heard it was shown.
  const told = useRef(new Set<number>());

  const due = counts.data?.due_now;
  useEffect(() => {
    const fresh = (due ?? []).filter((task) => !told.current.has(task.id));
    if (!fresh.length) return;
    for (const task of fresh) {
      told.current.add(task.id);
      notification.info({
        key: dueNoticeKey(task.id),
        title: t('reminders.notice.title'),
        description: `${task.title} · ${task.time}`,
        icon: <BellOutlined />,
        // It stays until read; at the bottom, off the header and the page's own buttons, and never wider
        // than a phone's screen.
        duration: 0,
        placement: 'bottomRight',
        style: { width: 'min(384px, calc(100vw - 32px))' },
        actions: (
          <Button
            size="small"
            type="primary"
            onClick={() => {
              notification.destroy(dueNoticeKey(task.id));
              navigate('/reminders');
            }}
          >
            {t('reminders.notice.open')}
          </Button>
        ),
      });
    }
    markNotified.mutate(fresh.map((task) => task.id));
  }, [due, notification, t, navigate, markNotified.mutate]);

  const narrow = useSyncExternalStore(subscribeNarrow, () => NARROW.matches);
  if (!counts.data?.available || narrow) return null;
  const count = counts.data.today + counts.data.overdue;
  const label = t('reminders.badge.label', { count });
  return (
    <Tooltip title={t('reminders.badge.tooltip', { today: counts.data.today, overdue: counts.data.overdue })}>
      <Button
        type="text"
        aria-label={label}
        data-testid="reminders-badge"
        onClick={() => navigate('/reminders')}
        size="small"
        icon={
          <Badge count={count} size="small" overflowCount={99} color={counts.data.overdue ? undefined : 'gold'}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
