import { LANGUAGES, type LandingPage, type LandingPageInput, pixelIdSchema, slugSchema } from '@crm/contracts';
import { App, Button, Card, Flex, Form, Input, Select, Switch, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { BlockPalette } from './block-palette';
import { type LandingFormValues, landingInputOf, newBlock } from './landing-form-values';
import { publicLandingAddress } from './landing-paths';
import { placeFieldErrors } from './place-field-errors';
import { SortableBlocks } from './sortable-blocks';

interface LandingFormProps {
  initialValues: LandingFormValues;
  cancelTo: string;
  saving: boolean;
  /** The server allows no change (policies.edit): the page is shown, not offered for saving. */
  readOnly?: boolean;
  /** Rejects with the server's refusal; its field problems go under the fields. */
  onSave: (body: LandingPageInput) => Promise<LandingPage>;
  onSaved: (page: LandingPage) => void;
}

/** A rule that accepts what a contracts' schema accepts, with this screen's own words for the rest. */
const matches = (schema: { safeParse(value: unknown): { success: boolean } }, message: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value === 'string' && value.trim() !== '' && !schema.safeParse(value).success) throw new Error(message);
  },
});

/** The page's address as it will be, under the slug being typed. */
function SlugAddress() {
  const slug: string | undefined = Form.useWatch('slug');
  return (
    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
      {publicLandingAddress(`/landing-page/${slug?.trim() || '…'}`)}
    </Typography.Text>
  );
}

/** The page's settings: where it is, in which language, how search engines and Facebook see it, whether it is out. */
function PageSettings() {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('validation.required') };
  return (
    <Card title={t('landingPages.form.settings')}>
      <Flex gap={16} wrap>
        <Form.Item
          name="slug"
          label={t('landingPages.form.slug')}
          extra={<SlugAddress />}
          normalize={(value: string) => value.toLowerCase()}
          rules={[required, matches(slugSchema, t('landingPages.form.slugRule'))]}
          style={{ flex: '2 1 260px' }}
        >
          <Input maxLength={60} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item name="locale" label={t('landingPages.form.locale')} style={{ flex: '1 1 160px' }}>
          <Select options={LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="title"
        label={t('landingPages.form.title')}
        extra={t('landingPages.form.titleHelp')}
        rules={[required]}
      >
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="description" label={t('landingPages.form.description')}>
        <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Flex gap={16} wrap align="start">
        <Form.Item
          name="pixel_id"
          label={t('landingPages.form.pixel')}
          extra={t('landingPages.form.pixelHelp')}
          rules={[matches(pixelIdSchema, t('landingPages.form.pixelRule'))]}
          style={{ flex: '1 1 220px' }}
        >
          <Input inputMode="numeric" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="published"
          label={t('landingPages.form.published')}
          extra={t('landingPages.form.publishedHelp')}
          valuePropName="checked"
          style={{ flex: '1 1 220px' }}
        >
          <Switch />
        </Form.Item>
      </Flex>
    </Card>
  );
}

const atLeastOneBlock = (message: string) => ({
  validator: async (_rule: unknown, blocks: unknown[] | undefined) => {
    if (!blocks?.length) throw new Error(message);
  },
});

/** The landing page editor (its settings, then its blocks in order); nothing typed is lost on a refusal. */
export function LandingForm({ initialValues, cancelTo, saving, readOnly = false, onSave, onSaved }: LandingFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LandingFormValues>();

  const submit = async () => {
    // Every value the form holds: a block's type and picture have no input of their own.
    const values = form.getFieldsValue(true) as LandingFormValues;
    try {
      const page = await onSave(landingInputOf(values));
      message.success(t('landingPages.form.saved'));
      onSaved(page);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.code === 'landing_slug_taken') {
          form.setFields([{ name: 'slug', errors: [errorMessage(t, error)] }]);
          form.scrollToField('slug');
          return;
        }
        const first = placeFieldErrors(t, form, error);
        if (first) {
          form.scrollToField(first);
          return;
        }
      }
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      scrollToFirstError
      disabled={readOnly}
      aria-label={t('landingPages.form.label')}
    >
      <Flex vertical gap={16}>
        <PageSettings />
        <Card title={t('landingPages.blocks.listTitle')}>
          <Form.List name="blocks" rules={[atLeastOneBlock(t('landingPages.blocks.atLeastOne'))]}>
            {(fields, { add, move, remove }, { errors }) => (
              <Flex vertical gap={16}>
                <SortableBlocks fields={fields} move={move} remove={remove} />
                <Form.ErrorList errors={errors} />
                <BlockPalette count={fields.length} onAdd={(type) => add(newBlock(type))} />
              </Flex>
            )}
          </Form.List>
        </Card>
        <Flex gap={8} wrap>
          {!readOnly && (
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('common.save')}
            </Button>
          )}
          <ButtonLink to={cancelTo}>{t('common.cancel')}</ButtonLink>
        </Flex>
      </Flex>
    </Form>
  );
}
