import { theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANDING_LIST_PATH, LOGIN_LOOK_PATH } from '../landing-pages/landing-paths';
import { FORM_GENERATOR_PATH, FORM_LIST_PATH, LEAD_FORM_LIST_PATH } from './form-paths';

/** The forms area's screens, in the order the tabs show them (their words are under `forms.area`). */
const SCREENS = [
  { path: FORM_LIST_PATH, word: 'list' },
  { path: LEAD_FORM_LIST_PATH, word: 'leadForms' },
  { path: FORM_GENERATOR_PATH, word: 'templates' },
  { path: LANDING_LIST_PATH, word: 'landingPages' },
  { path: LOGIN_LOOK_PATH, word: 'loginLook' },
] as const;

/**
 * The forms area has one menu entry and five screens: this row of links at the top of each moves between them
 * and marks the one open. Real links (a new tab with a modified click); on a phone the row scrolls sideways and
 * brings the open one into view.
 */
export function FormsAreaTabs() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const currentTab = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    // jsdom has no scrollIntoView; a browser always has.
    currentTab.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, []);

  return (
    <nav aria-label={t('forms.area.label')}>
      <div
        style={{
          display: 'flex',
          gap: 4,
          overflowX: 'auto',
          scrollbarWidth: 'none',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {SCREENS.map(({ path, word }) => {
          const current = pathname === path;
          return (
            <Link
              key={path}
              to={path}
              ref={current ? currentTab : undefined}
              aria-current={current ? 'page' : undefined}
              style={{
                flexShrink: 0,
                whiteSpace: 'nowrap',
                padding: '8px 12px',
                // The open screen is underlined as a tab is, and in bold: not by colour alone.
                borderBottom: `2px solid ${current ? token.colorPrimary : 'transparent'}`,
                color: current ? token.colorPrimary : token.colorText,
                fontWeight: current ? 600 : undefined,
              }}
            >
              {t(`forms.area.${word}`)}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
