import { UploadOutlined } from '@ant-design/icons';
import { COMPANY_IMAGE, type CompanyPublic, type CompanySettingsUpdate } from '@crm/contracts';
import { Alert, App, Button, Flex, Form, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';
import { useSession } from '../../shared/session/use-session';
import { type InlineForm, InlineFormFrame } from '../../shared/ui/inline-form-frame';
import { useCompanyPictures, useSaveCompanySettings } from '../settings/settings-api';
import { WORKING_HOURS_FIELDS, WorkingHoursFields } from '../settings/working-hours-fields';

type HoursValues = Pick<CompanySettingsUpdate, 'start_of_working_day' | 'end_of_working_day'>;

interface CompanyStepProps {
  inline: InlineForm;
  onSaved: () => void;
}

/**
 * The wizard's first step (issue 16): the company's logo, uploaded as soon as it is chosen, and its working
 * hours — the settings page's own calls and hour fields (PUT /company/{id}/datas).
 */
export function CompanyStep(props: CompanyStepProps) {
  const { company } = useSession();
  // The log-in guard lets nobody into the shell without a stored company.
  return company ? <CompanyStepForm company={company} {...props} /> : null;
}

function CompanyStepForm({ company, inline, onSaved }: CompanyStepProps & { company: CompanyPublic }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm<HoursValues>();
  const [logoError, setLogoError] = useState<string | null>(null);
  const { uploadLogo } = useCompanyPictures(company.id);
  const saveSettings = useSaveCompanySettings(company.id);
  const logo = uploadLogo.data?.logo ?? company.logo;

  const chooseLogo = (file: File) => {
    setLogoError(null);
    uploadLogo.mutate(file, {
      onSuccess: () => message.success(t('onboarding.company.uploaded')),
      // A wrong kind or size is refused before sending, in the words of the server's refusal.
      onError: (error) => !isHandledGlobally(error) && setLogoError(errorMessage(t, error)),
    });
    // The file goes by the mutation above, never by the Upload component itself.
    return false;
  };

  const save = async (hours: HoursValues) => {
    try {
      await saveSettings.mutateAsync(hours);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && showFieldErrors(t, form, WORKING_HOURS_FIELDS, error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  return (
    <InlineFormFrame form={form} saving={saveSettings.isPending} {...inline}>
      <Flex vertical gap={8} style={{ marginBottom: 24 }}>
        <Typography.Text strong>{t('onboarding.company.logo')}</Typography.Text>
        <Flex gap={16} align="center" wrap>
          <Flex
            align="center"
            justify="center"
            style={{
              width: 96,
              height: 96,
              padding: 4,
              flex: 'none',
              borderRadius: token.borderRadiusLG,
              border: `1px dashed ${token.colorBorder}`,
              background: token.colorFillQuaternary,
              textAlign: 'center',
            }}
          >
            {logo ? (
              <img
                src={logo}
                alt={t('onboarding.company.logoAlt')}
                style={{ maxWidth: 86, maxHeight: 86, objectFit: 'contain' }}
              />
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('onboarding.company.noLogo')}
              </Typography.Text>
            )}
          </Flex>
          <Flex vertical gap={4} style={{ flex: '1 1 200px' }}>
            <Upload accept={COMPANY_IMAGE.types.join(',')} showUploadList={false} beforeUpload={chooseLogo}>
              <Button icon={<UploadOutlined />} loading={uploadLogo.isPending}>
                {t(logo ? 'onboarding.company.replace' : 'onboarding.company.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{t('onboarding.company.logoHint')}</Typography.Text>
          </Flex>
        </Flex>
        {logoError && <Alert type="error" showIcon title={logoError} role="alert" />}
      </Flex>
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          start_of_working_day: company.start_of_working_day.slice(0, 5),
          end_of_working_day: company.end_of_working_day.slice(0, 5),
        }}
        onFinish={save}
      >
        <WorkingHoursFields required />
        <Typography.Text type="secondary">{t('onboarding.company.hoursHint')}</Typography.Text>
      </Form>
    </InlineFormFrame>
  );
}
