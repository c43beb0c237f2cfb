import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A label over its figure, as the money screens show a total; `big` for the one figure that matters most. */
export function Figure({
  label,
  children,
  big = false,
  type,
  testId,
}: {
  label: string;
  children: ReactNode;
  big?: boolean;
  type?: 'success' | 'danger';
  testId?: string;
}) {
  return (
    <Flex vertical>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text strong type={type} style={big ? { fontSize: 24 } : undefined} data-testid={testId}>
        {children}
      </Typography.Text>
    </Flex>
  );
}
