import type { UserTag } from '@crm/contracts';
import { StudentStatus } from '@crm/contracts';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  [StudentStatus.inactive]: 'default',
  [StudentStatus.cameToTrial]: 'blue',
  [StudentStatus.missedTrial]: 'orange',
  [StudentStatus.frozen]: 'cyan',
  [StudentStatus.active]: 'green',
  [StudentStatus.archived]: 'red',
};

/** A student's status in a group (spec §4: 1 trial … 5 active, 6 archived). */
export function StudentStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`users.status.${status}`)}
    </Tag>
  );
}

/** A student's tags (spec §3 Tag type 1) in their colours. */
export function TagList({ tags }: { tags: readonly UserTag[] }) {
  return (
    <Flex wrap gap={4}>
      {tags.map((tag) => (
        <Tag key={tag.id} color={tag.color ?? undefined} style={{ marginInlineEnd: 0 }}>
          {tag.name}
        </Tag>
      ))}
    </Flex>
  );
}
