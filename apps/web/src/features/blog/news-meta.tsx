import { EyeOutlined } from '@ant-design/icons';
import type { BlogPostSummary } from '@crm/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../groups/dates';

/** When a post was published, as people read it here: 05.09.2025 14:30 (in the reader's own clock). */
export const publishedText = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

/**
 * A post's line of facts: when and by whom, whom it is for (unless everybody) and its branch, and how many have
 * read it (its author and the blog's editors only: the server answers the count to them alone).
 */
export function NewsMeta({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} align="center">
      <Typography.Text type="secondary">
        <time dateTime={post.published_at}>{publishedText(post.published_at)}</time> · {post.author.name}
      </Typography.Text>
      {post.audience !== 'all' && <Tag>{t(`blog.audience.${post.audience}`)}</Tag>}
      {post.branch && <Tag>{post.branch.name}</Tag>}
      {post.views !== null && (
        <Typography.Text type="secondary" aria-label={t('blog.viewsLabel', { count: post.views })}>
          <EyeOutlined /> {post.views}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The mark of a post the reader has not opened yet. */
export function UnreadTag() {
  const { t } = useTranslation();
  return <Tag color="blue">{t('blog.unread')}</Tag>;
}
