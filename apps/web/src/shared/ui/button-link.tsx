import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

interface ButtonLinkProps extends Pick<ButtonProps, 'type' | 'size' | 'block'> {
  to: string;
  icon?: ReactNode;
  children: ReactNode;
}

/**
 * A link drawn as a button: a real `<a href>` (read as a link, opens in a new tab with a modified click)
 * that moves inside the app without reloading it, like react-router's Link.
 */
export function ButtonLink({ to, icon, children, ...look }: ButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return (
    <Button {...look} icon={icon} href={href} onClick={onClick}>
      {children}
    </Button>
  );
}
