import { MessageOutlined } from '@ant-design/icons';
import { canAccess, type SmsAudience } from '@crm/contracts';
import { Button, type ButtonProps } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import type { SmsComposerProps } from './sms-composer';

// The composer loads when first opened: the pages that offer it need their lists first.
const SmsComposer = lazy(() => import('./sms-composer').then((module) => ({ default: module.SmsComposer })));

/**
 * Who is offered writing SMS (spec §6): the `sms` area; on a group's page a teacher too — whether his
 * company lets teachers write is the server's to say, and it says so in words.
 */
export function useMayWriteSms(forTeacher = false): boolean {
  const { user } = useSession();
  const roles = user ? roleIdsOf(user) : [];
  return canAccess('sms', roles) || (forTeacher && canAccess('groupComments', roles));
}

/** The composer opened by the page, lazily loaded, kept mounted after its first opening (it animates out). */
export function LazySmsComposer({
  audience,
  ...composer
}: Omit<SmsComposerProps, 'audience'> & { audience: SmsAudience | null }) {
  if (!audience) return null;
  return (
    <Suspense fallback={null}>
      <SmsComposer audience={audience} {...composer} />
    </Suspense>
  );
}

interface WriteSmsButtonProps
  extends Pick<ButtonProps, 'size' | 'type' | 'block' | 'style'>,
    Pick<SmsComposerProps, 'audienceLabel' | 'branchId' | 'to'> {
  audience: SmsAudience;
  /** Offered to a teacher as well (his groups' pages). */
  forTeacher?: boolean;
  children?: ReactNode;
}

/** "Write SMS" with its composer, shown only to who may write (spec §6). */
export function WriteSmsButton({
  audience,
  audienceLabel,
  branchId,
  to,
  forTeacher,
  children,
  ...button
}: WriteSmsButtonProps) {
  const { t } = useTranslation();
  const may = useMayWriteSms(forTeacher);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  if (!may) return null;
  return (
    <>
      <Button
        icon={<MessageOutlined />}
        {...button}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {children ?? t('sms.write')}
      </Button>
      {opened && (
        <LazySmsComposer
          open={open}
          onClose={() => setOpen(false)}
          audience={audience}
          audienceLabel={audienceLabel}
          branchId={branchId}
          to={to}
        />
      )}
    </>
  );
}
