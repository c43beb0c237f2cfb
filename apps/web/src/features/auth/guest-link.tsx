import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A plain text link of the visitor's pages (antd Typography would weigh more than the log-in form). */
export function GuestLink({ to, children }: { to: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Link to={to} style={{ color: token.colorLink }}>
      {children}
    </Link>
  );
}
