import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageChoice } from './language-choice';

/** The frame of the pages outside the shell: log-in, unknown company, not found. */
export function CenteredPage({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  // A plain box rather than antd Layout, whose module brings the side bar along to the log-in page.
  return (
    // header and main: the landmarks a screen reader jumps between (axe: landmark-one-main, region).
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex component="header" justify="flex-end" style={{ padding: 12 }}>
        <LanguageChoice />
      </Flex>
      <Flex component="main" flex={1} align="center" justify="center" style={{ padding: '0 16px 48px' }}>
        {children}
      </Flex>
    </Flex>
  );
}
