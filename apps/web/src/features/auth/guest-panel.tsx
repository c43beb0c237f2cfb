import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The white panel of the visitor's pages (log-in, sign-up, recovery). A plain section, not antd Card:
 * Card brings Tabs, Dropdown and Menu along to the log-in page.
 */
export function GuestPanel({
  label,
  maxWidth = 400,
  children,
}: {
  label: string;
  maxWidth?: number;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <section
      aria-label={label}
      style={{
        width: '100%',
        maxWidth,
        padding: 24,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      {children}
    </section>
  );
}
