import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import type { Mark } from './attendance-model';

/** How present and absent look everywhere: a colour AND an icon, never colour alone. */
export function useMarkLook() {
  const { token } = theme.useToken();
  const look = (mark: Mark): CSSProperties => {
    if (mark === 1)
      return { background: token.colorSuccessBg, borderColor: token.colorSuccess, color: token.colorSuccessText };
    if (mark === 0)
      return { background: token.colorErrorBg, borderColor: token.colorError, color: token.colorErrorText };
    return { background: token.colorBgContainer, borderColor: token.colorBorder, color: token.colorTextTertiary };
  };
  // Days a student was not in the group: hatched, so they read as "not applicable", not as "not marked".
  const hatched: CSSProperties = {
    backgroundImage: `repeating-linear-gradient(135deg, ${token.colorFillSecondary} 0 4px, transparent 4px 9px)`,
  };
  return { token, look, hatched };
}

export function MarkIcon({ mark }: { mark: Mark }) {
  if (mark === 1) return <CheckOutlined aria-hidden />;
  if (mark === 0) return <CloseOutlined aria-hidden />;
  return null;
}
