import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { BlogPost } from '@crm/contracts';
import { App, Button, Card, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink } from '../../shared/ui/button-link';
import { usePageTitle } from '../../shared/ui/page-title';
import { LessonBody } from '../course-lessons/lesson-content';
import { PageHeader } from '../course-lessons/page-parts';
import { runAction } from '../courses/form-errors';
import { useNewsPost, useNewsWrites } from './blog-api';
import { NEWS_LIST_PATH, newsEditPath, useNewsPaths } from './blog-paths';
import { NewsGate } from './news-gate';
import { NewsMeta } from './news-meta';

/** Spec §2 blog/news/{id}: one post. Opening it marks it read (the server records it on this read). */
export function NewsPostPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const post = useNewsPost(id);
  usePageTitle(post.data?.title);
  const back = { to: useNewsPaths().list, label: t('blog.back') };
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <NewsGate query={post}>{(data) => <NewsPostView post={data} back={back} />}</NewsGate>
    </Flex>
  );
}

function NewsPostView({ post, back }: { post: BlogPost; back: { to: string; label: string } }) {
  return (
    <>
      <PageHeader back={back} title={post.title} extra={<AuthorActions post={post} />} />
      <NewsMeta post={post} />
      <Card
        cover={
          post.cover ? (
            <img src={post.cover} alt="" style={{ width: '100%', maxHeight: 420, objectFit: 'cover' }} />
          ) : undefined
        }
      >
        <LessonBody html={post.body_html} />
      </Card>
    </>
  );
}

/** Edit and delete, shown only where the server says the reader may (its author). */
function AuthorActions({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { remove } = useNewsWrites();
  if (!post.policies.edit && !post.policies.delete) return null;
  const deletePost = async () => {
    const done = await runAction(t, message, () => remove.mutateAsync(post.id), t('blog.deleted'));
    if (done) navigate(NEWS_LIST_PATH, { replace: true });
  };
  return (
    <Flex gap={8} wrap>
      {post.policies.edit && (
        <ButtonLink to={newsEditPath(post.id)} icon={<EditOutlined />}>
          {t('blog.edit')}
        </ButtonLink>
      )}
      {post.policies.delete && (
        <Popconfirm
          title={t('blog.deleteQuestion', { title: post.title })}
          description={t('blog.deleteWarning')}
          okText={t('common.delete')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={deletePost}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
