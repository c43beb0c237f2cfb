import type { BlogPost } from '@crm/contracts';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../course-lessons/page-parts';
import { useNewsPost, useNewsWrites } from './blog-api';
import { NEWS_LIST_PATH, newsPostPath } from './blog-paths';
import { emptyNews, NewsForm, newsValuesOf } from './news-form';
import { NewsGate } from './news-gate';

/** Spec §2 blog/news/add: a new post, published when saved; then its page opens. */
export function AddNewsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create } = useNewsWrites();
  const back = { to: NEWS_LIST_PATH, label: t('blog.back') };
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <PageHeader back={back} title={t('blog.form.newTitle')} />
      <NewsForm
        initialValues={emptyNews()}
        submitLabel={t('blog.form.publish')}
        success={t('blog.form.published')}
        cancelTo={back.to}
        saving={create.isPending}
        onSave={(body) => create.mutateAsync(body)}
        onSaved={(post) => navigate(newsPostPath(post.id))}
      />
    </Flex>
  );
}

/** Spec §2 blog/news/edit/{id}: its author changes the post (anyone else is told only the author may). */
export function EditNewsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const post = useNewsPost(id);
  const back = { to: newsPostPath(id), label: post.data?.title ?? t('blog.back') };
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <PageHeader back={back} title={t('blog.form.editTitle')} />
      <NewsGate query={post}>
        {(data) =>
          data.policies.edit ? (
            <NewsEditor key={data.updated_at} post={data} />
          ) : (
            <Alert type="warning" showIcon title={t('blog.notAuthor')} />
          )
        }
      </NewsGate>
    </Flex>
  );
}

function NewsEditor({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { update } = useNewsWrites();
  return (
    <NewsForm
      initialValues={newsValuesOf(post)}
      knownBranch={post.branch}
      submitLabel={t('common.save')}
      success={t('blog.form.saved')}
      cancelTo={newsPostPath(post.id)}
      saving={update.isPending}
      onSave={(body) => update.mutateAsync({ id: post.id, body })}
      onSaved={(saved) => navigate(newsPostPath(saved.id))}
    />
  );
}
