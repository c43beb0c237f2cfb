import { CalendarOutlined } from '@ant-design/icons';
import { canAccess, STAFF_ROLES } from '@crm/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';

// The panel's code loads the first time it is opened, not with the shell.
const TimetableDrawer = lazy(() => import('./timetable-drawer'));

/** The header's button for the timetable panel (spec §2), for staff and teachers (the group list area). */
export function TimetableButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const roles = user ? roleIdsOf(user) : [];
  if (!canAccess('groupList', roles)) return null;
  return (
    <>
      <Button
        type="text"
        icon={<CalendarOutlined />}
        aria-label={t('timetable.open')}
        title={t('timetable.open')}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          {/* Spec §6: in the timetable a teacher sees his own groups, without links. */}
          <TimetableDrawer
            open={open}
            onClose={() => setOpen(false)}
            linked={roles.some((r) => STAFF_ROLES.includes(r))}
          />
        </Suspense>
      )}
    </>
  );
}
