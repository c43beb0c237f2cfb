import { ClockCircleOutlined } from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';

/**
 * Milliseconds left until the server's deadline, ticking each second. The deadline is the server's (deadline_at),
 * not minutes counted from when this page opened: a reload or a second device shows the same time. A browser
 * whose clock runs ahead stops a few seconds early; the server closes the attempt at its own deadline anyway.
 */
function useTimeLeft(deadlineAt: string): number {
  const deadline = Date.parse(deadlineAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, deadline - now);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 1:05:09, 24:59, 0:07. */
export function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = twoDigits(seconds % 60);
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${rest}` : `${minutes}:${rest}`;
}

const FIVE_MINUTES = 5 * 60_000;
const ONE_MINUTE = 60_000;
/** The app's header (antd's Layout.Header, 64 px) stays on top while the page scrolls: the clock sits under it. */
const APP_HEADER_HEIGHT = 64;

/** Whether a deadline has passed by this browser's clock. */
export const isPast = (deadlineAt: string) => Date.parse(deadlineAt) <= Date.now();

interface AttemptClockProps {
  deadlineAt: string;
  /** Once, when the time reaches 0. */
  onTimeUp: () => void;
  children?: ReactNode;
}

/**
 * The attempt's bar, kept in sight while the student scrolls through the questions: the time left (orange for
 * the last five minutes, red for the last one, each said once to a screen reader) and what stands beside it.
 * It ticks on its own, so the questions below are not drawn again every second.
 */
export function AttemptClock({ deadlineAt, onTimeUp, children }: AttemptClockProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const timeLeft = useTimeLeft(deadlineAt);
  const up = timeLeft <= 0;
  useEffect(() => {
    if (up) onTimeUp();
  }, [up, onTimeUp]);
  const colour = timeLeft <= ONE_MINUTE ? token.colorError : timeLeft <= FIVE_MINUTES ? token.colorWarning : undefined;
  const warning =
    timeLeft <= 0 ? null : timeLeft <= ONE_MINUTE ? 'oneMinute' : timeLeft <= FIVE_MINUTES ? 'fiveMinutes' : null;
  return (
    <Flex
      justify="space-between"
      align="center"
      wrap
      gap={8}
      style={{
        position: 'sticky',
        top: APP_HEADER_HEIGHT,
        zIndex: 5,
        padding: '8px 12px',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <Typography.Text strong style={{ fontSize: 22, color: colour, fontVariantNumeric: 'tabular-nums' }}>
        <ClockCircleOutlined />{' '}
        <span role="timer" aria-label={t('exams.attempt.timeLeft')}>
          {clockText(timeLeft)}
        </span>
      </Typography.Text>
      {children}
      <VisuallyHidden>
        <span role="status">{warning && t(`exams.attempt.${warning}`)}</span>
      </VisuallyHidden>
    </Flex>
  );
}
