import { PlusOutlined } from '@ant-design/icons';
import { Alert, Col, Empty, Flex, Pagination, Row, Skeleton, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { useNewsList } from './blog-api';
import { NEWS_ADD_PATH } from './blog-paths';
import { NewsCard } from './news-card';

/** The page number of the address (`?page=2`), so a page of news can be linked to and Back returns to it. */
function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next === 1) copy.delete('page');
      else copy.set('page', String(next));
      return copy;
    });
  return [page, setPage];
}

/** Spec §2 blog/news: the news the reader may see, newest first, unread ones marked, a page at a time. */
export function NewsListPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const news = useNewsList(page);
  const create = news.data?.policies.create ?? false;
  // A new page starts at its top, where its first card is.
  const top = useRef<HTMLHeadingElement>(null);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title ref={top} level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('blog.title')}
        </Typography.Title>
        {create && (
          <ButtonLink to={NEWS_ADD_PATH} type="primary" icon={<PlusOutlined />}>
            {t('blog.add')}
          </ButtonLink>
        )}
      </Flex>
      {news.isError ? (
        isHandledGlobally(news.error) ? null : (
          <Alert type="error" showIcon title={errorMessage(t, news.error)} />
        )
      ) : news.data === undefined ? (
        <div role="status" aria-label={t('blog.loading')}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : news.data.data.length === 0 ? (
        <Empty description={create ? t('blog.emptyEditor') : t('blog.empty')} />
      ) : (
        <>
          <Row gutter={[16, 16]} aria-busy={news.isPlaceholderData}>
            {news.data.data.map((post) => (
              <Col key={post.id} xs={24} sm={12} xl={8}>
                <NewsCard post={post} />
              </Col>
            ))}
          </Row>
          <Pagination
            align="center"
            current={news.data.pagination.current_page}
            pageSize={news.data.pagination.per_page}
            total={news.data.pagination.total}
            showSizeChanger={false}
            hideOnSinglePage
            onChange={(next) => {
              setPage(next);
              top.current?.scrollIntoView?.({ block: 'start' });
            }}
          />
        </>
      )}
    </Flex>
  );
}
