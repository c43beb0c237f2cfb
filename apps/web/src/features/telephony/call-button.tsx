import { PhoneOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './phone-context';
import { readableNumber } from './phone-numbers';

/**
 * A phone icon beside a number: calls it through the call widget, or with `confirm` opens the call modal with the
 * number typed in. Shown only to a user with a line (GET /voip/me sip not null, spec §6 "calling needs the user's id
 * mapped"), and only for a number; disabled while another call is on.
 */
export function CallButton({ phone, confirm = false }: { phone: string | null | undefined; confirm?: boolean }) {
  const { t } = useTranslation();
  const line = usePhone();
  if (!line || !phone) return null;
  const label = t('telephony.button.callNumber', { number: readableNumber(phone, line.country) });
  return (
    <Tooltip title={label}>
      <Button
        size="small"
        shape="circle"
        icon={<PhoneOutlined />}
        aria-label={label}
        disabled={line.snapshot.state !== 'idle'}
        onClick={() => (confirm ? line.openDialer(phone) : line.dial(phone))}
      />
    </Tooltip>
  );
}

/** A number as a list shows it, with the call button beside it for a user with a line. */
export function PhoneWithCall({ phone, text }: { phone: string | null | undefined; text: ReactNode }) {
  return (
    <span style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      {text}
      <CallButton phone={phone} />
    </span>
  );
}
