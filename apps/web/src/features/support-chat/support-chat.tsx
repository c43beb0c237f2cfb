import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { LOGIN_PATH } from '../../app/guards/guard-decisions';

const SupportChatWidget = lazy(() => import('./support-chat-widget').then((m) => ({ default: m.SupportChatWidget })));

/** Pages the support chat never shows on: the log-in page (spec), and the lead form centres embed in their sites. */
export const isChatFreePath = (pathname: string): boolean =>
  pathname === LOGIN_PATH || pathname === '/entry' || pathname.startsWith('/entry/');

/**
 * Mounted once at the router's root. Its code and the chat's settings are asked for only once a page that
 * shows the chat is opened, so the log-in page loads neither; after that it stays, hidden where it must be.
 */
export function SupportChat() {
  const { pathname } = useLocation();
  const hidden = isChatFreePath(pathname);
  const [wanted, setWanted] = useState(!hidden);
  if (!hidden && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SupportChatWidget hidden={hidden} />
    </Suspense>
  );
}
