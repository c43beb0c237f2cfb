import { NotificationOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainList } from '../../shared/ui/plain-list';
import { useNewsList } from '../blog/blog-api';
import { publishedText, UnreadTag } from '../blog/news-meta';
import { QueryGate } from '../gamification/query-gate';
import { PARENT_NEWS_PATHS } from './parents-paths';

/** How many of the newest posts the children's page shows. */
const LATEST = 3;

/** The children's page's card of the newest posts, unread ones marked, and the way to all of them. */
export function LatestNewsCard() {
  const { t } = useTranslation();
  const news = useNewsList(1);
  return (
    <Card
      title={
        <span>
          <NotificationOutlined /> {t('blog.title')}
        </span>
      }
      extra={<Link to={PARENT_NEWS_PATHS.list}>{t('parents.news.all')}</Link>}
      styles={{ body: { paddingBlock: 8 } }}
    >
      <QueryGate query={news} loading={t('blog.loading')} rows={3}>
        {({ data }) => (
          <PlainList
            items={data.slice(0, LATEST)}
            keyOf={(post) => post.id}
            empty={t('blog.empty')}
            render={(post) => (
              <Flex vertical gap={2}>
                <Flex justify="space-between" align="start" gap={8}>
                  <Link to={PARENT_NEWS_PATHS.post(post.id)} style={{ overflowWrap: 'anywhere' }}>
                    {post.title}
                  </Link>
                  {!post.is_viewed && <UnreadTag />}
                </Flex>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {publishedText(post.published_at)}
                </Typography.Text>
              </Flex>
            )}
          />
        )}
      </QueryGate>
    </Card>
  );
}
