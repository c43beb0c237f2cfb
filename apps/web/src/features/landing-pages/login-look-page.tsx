import { LANGUAGES, type Language, type LoginLook } from '@crm/contracts';
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { FormsAreaTabs } from '../forms/forms-area-tabs';
import { BackgroundChoice, NO_BACKGROUND, PicturesNote } from './background-choice';
import { useLoginLook, useSaveLoginLook } from './landing-api';
import { EditorWithPreview } from './landing-preview';
import { LoginCardPreview } from './login-card-preview';
import { placeFieldErrors } from './place-field-errors';

interface LookValues {
  welcome: Record<Language, string>;
  /** NO_BACKGROUND for none. */
  background: string;
}

const valuesOf = (look: LoginLook): LookValues => ({
  welcome: Object.fromEntries(
    LANGUAGES.map((language) => [language, look.welcome[language] ?? '']),
  ) as LookValues['welcome'],
  background: look.background ?? NO_BACKGROUND,
});

/** Spec §2 form/login-form: what the company's log-in page shows: a welcome per language and a background. */
export function LoginLookPage() {
  const { t } = useTranslation();
  const look = useLoginLook();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1280 }}>
      <FormsAreaTabs />
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('loginLook.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('loginLook.intro')}
      </Typography.Paragraph>
      {look.isError ? (
        isHandledGlobally(look.error) ? null : (
          <Alert type="error" showIcon title={errorMessage(t, look.error)} />
        )
      ) : look.data ? (
        <LoginLookForm look={look.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Flex>
  );
}

function LoginLookForm({ look }: { look: LoginLook }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { company } = useSession();
  const save = useSaveLoginLook();
  const [form] = Form.useForm<LookValues>();
  // The preview follows the fields as they are typed; before the first change it shows the saved look.
  const watched = Form.useWatch([], form) as Partial<LookValues> | undefined;
  const shown = { ...valuesOf(look), ...watched };

  const submit = async (values: LookValues) => {
    try {
      await save.mutateAsync({ welcome: values.welcome, background: values.background || null });
      message.success(t('loginLook.saved'));
    } catch (error) {
      if (error instanceof ApiError && placeFieldErrors(t, form, error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const editor = (
    <Form
      form={form}
      layout="vertical"
      initialValues={valuesOf(look)}
      onFinish={submit}
      disabled={!look.policies.edit}
      aria-label={t('loginLook.title')}
    >
      <Flex vertical gap={16}>
        <Card title={t('loginLook.welcome')}>
          <Typography.Paragraph type="secondary">{t('loginLook.welcomeHelp')}</Typography.Paragraph>
          {LANGUAGES.map((language) => (
            <Form.Item key={language} name={['welcome', language]} label={t(`languages.${language}`)}>
              <Input.TextArea lang={language} maxLength={300} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          ))}
        </Card>
        <Card title={t('loginLook.pictures')}>
          <Flex vertical gap={16}>
            <Flex align="center" gap={12} wrap>
              <Typography.Text strong>{t('loginLook.logo')}</Typography.Text>
              {look.logo ? (
                <img src={look.logo} alt={t('loginLook.logo')} style={{ maxWidth: 160, maxHeight: 56 }} />
              ) : (
                <Typography.Text type="secondary">{t('loginLook.noLogo')}</Typography.Text>
              )}
            </Flex>
            <Form.Item name="background" label={t('loginLook.backgroundLabel')} style={{ marginBottom: 0 }}>
              <BackgroundChoice backgrounds={look.backgrounds} />
            </Form.Item>
            {look.backgrounds.length === 0 && (
              <Typography.Text type="secondary">{t('loginLook.noBackgrounds')}</Typography.Text>
            )}
            <PicturesNote canUpload={look.policies.edit_pictures} />
          </Flex>
        </Card>
        {look.policies.edit && (
          <Button type="primary" htmlType="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('common.save')}
          </Button>
        )}
      </Flex>
    </Form>
  );

  return (
    <EditorWithPreview
      editor={editor}
      preview={
        <LoginCardPreview
          companyName={company?.name ?? ''}
          logo={look.logo}
          background={shown.background || null}
          welcome={shown.welcome ?? {}}
        />
      }
    />
  );
}
