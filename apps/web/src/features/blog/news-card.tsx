import { EditOutlined } from '@ant-design/icons';
import type { BlogPostSummary } from '@crm/contracts';
import { Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { newsEditPath, useNewsPaths } from './blog-paths';
import { NewsMeta, UnreadTag } from './news-meta';

/** A post's card in the list: its cover, title (the link to it), facts, first words, and its author's edit link. */
export function NewsCard({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const paths = useNewsPaths();
  const cover = post.cover && (
    <img
      src={post.cover}
      alt=""
      loading="lazy"
      style={{ width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', display: 'block' }}
    />
  );
  return (
    <Card
      cover={cover || undefined}
      style={{ height: '100%', borderColor: post.is_viewed ? undefined : token.colorPrimaryBorder }}
      styles={{ body: { padding: 16 } }}
      actions={
        post.policies.edit
          ? [
              <Link key="edit" to={newsEditPath(post.id)} aria-label={t('blog.editPost', { title: post.title })}>
                <EditOutlined /> {t('blog.edit')}
              </Link>,
            ]
          : undefined
      }
    >
      <Flex vertical gap={8}>
        <Flex gap={8} align="start" justify="space-between">
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
            <Link to={paths.post(post.id)}>{post.title}</Link>
          </Typography.Title>
          {!post.is_viewed && <UnreadTag />}
        </Flex>
        <NewsMeta post={post} />
        {post.excerpt && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: 0 }}>
            {post.excerpt}
          </Typography.Paragraph>
        )}
      </Flex>
    </Card>
  );
}
