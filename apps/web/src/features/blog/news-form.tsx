import { BLOG_AUDIENCES, BLOG_TITLE_MAX, type BlogAudience, type BlogPost, type BlogPostInput } from '@crm/contracts';
import { App, Button, Card, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { useSession } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button-link';
import { RichTextEditor } from '../course-lessons/rich-text-editor';
import { CoverField } from './cover-field';

export interface NewsFormValues {
  title: string;
  cover: string | null;
  body_html: string;
  audience: BlogAudience;
  /** undefined: every branch (an empty select shows its placeholder, which null would not). */
  branch_id?: number;
}

const FIELDS = ['title', 'cover', 'body_html', 'audience', 'branch_id'] as const;

/** A new post's values: for everybody, in every branch. */
export const emptyNews = (): NewsFormValues => ({ title: '', cover: null, body_html: '', audience: 'all' });

/** A post's values, to change it. */
export const newsValuesOf = (post: BlogPost): NewsFormValues => ({
  title: post.title,
  cover: post.cover,
  body_html: post.body_html,
  audience: post.audience,
  branch_id: post.branch?.id,
});

const inputOf = (values: NewsFormValues): BlogPostInput => ({
  title: values.title.trim(),
  cover: values.cover ?? null,
  body_html: values.body_html ?? '',
  audience: values.audience,
  branch_id: values.branch_id ?? null,
});

interface NewsFormProps {
  initialValues: NewsFormValues;
  /** The post's branch, offered even when the writer no longer works in it. */
  knownBranch?: { id: number; name: string } | null;
  submitLabel: string;
  success: string;
  cancelTo: string;
  saving: boolean;
  /** Rejects with the server's refusal; its field problems go under the fields. */
  onSave: (body: BlogPostInput) => Promise<BlogPost>;
  onSaved: (post: BlogPost) => void;
}

/** The post editor (spec §2 blog/news/add, blog/news/edit/{id}): title, cover, text, audience and branch. */
export function NewsForm(props: NewsFormProps) {
  const { initialValues, knownBranch, submitLabel, cancelTo } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<NewsFormValues>();
  const branches = [...(user?.branches ?? [])];
  if (knownBranch && !branches.some((branch) => branch.id === knownBranch.id)) branches.push(knownBranch);

  const submit = async (values: NewsFormValues) => {
    try {
      const post = await props.onSave(inputOf(values));
      message.success(props.success);
      props.onSaved(post);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.code === 'branch_forbidden') {
          form.setFields([{ name: 'branch_id', errors: [errorMessage(t, error)] }]);
          return;
        }
        if (showFieldErrors(t, form, FIELDS, error)) return;
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} scrollToFirstError>
      <Card>
        <Form.Item
          name="title"
          label={t('blog.form.title')}
          rules={[{ required: true, whitespace: true, message: t('blog.form.titleRequired') }]}
        >
          <Input maxLength={BLOG_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="cover" label={t('blog.form.cover')} extra={t('blog.form.coverHelp')}>
          <CoverField />
        </Form.Item>
        <Form.Item
          name="body_html"
          label={t('blog.form.body')}
          rules={[{ required: true, message: t('blog.form.bodyRequired') }]}
        >
          <RichTextEditor label={t('blog.form.body')} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="audience" label={t('blog.form.audience')} style={{ flex: '1 1 220px' }}>
            <Select
              options={BLOG_AUDIENCES.map((audience) => ({ value: audience, label: t(`blog.audience.${audience}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="branch_id"
            label={t('blog.form.branch')}
            extra={t('blog.form.branchHelp')}
            style={{ flex: '1 1 220px' }}
          >
            <Select
              allowClear
              placeholder={t('blog.allBranches')}
              options={branches.map((branch) => ({ value: branch.id, label: branch.name }))}
            />
          </Form.Item>
        </Flex>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={props.saving}>
            {submitLabel}
          </Button>
          <ButtonLink to={cancelTo}>{t('common.cancel')}</ButtonLink>
        </Flex>
      </Card>
    </Form>
  );
}
