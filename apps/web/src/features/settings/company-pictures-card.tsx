import { DeleteOutlined, PictureOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { COMPANY_IMAGE, type CompanySettings } from '@crm/contracts';
import { App, Button, Card, Flex, Image, Popconfirm, Typography, theme, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useCompanyPictures, useSaveCompanySettings } from './settings-api';

/** Spec §3 Company "backgrounds": the log-in page shows at most five. */
const MAX_BACKGROUNDS = 5;
const ACCEPT = COMPANY_IMAGE.types.join(',');

/**
 * Runs a picture's change and words its refusal under the section it belongs to (a wrong file stays on
 * screen rather than in a notice that fades before it is read).
 */
function usePictureAction() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, success: string) => {
    setProblem(null);
    try {
      await action();
      message.success(success);
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    }
  };
  const shown = problem && (
    <Typography.Text type="danger" role="alert">
      {problem}
    </Typography.Text>
  );
  return { run, problem: shown };
}

/** A picker of one picture file; the file is handed over, never uploaded by antd itself. */
function PickPicture({ onPick, children }: { onPick: (file: File) => void; children: ReactNode }) {
  return (
    <Upload
      accept={ACCEPT}
      showUploadList={false}
      beforeUpload={(file) => {
        onPick(file);
        return false;
      }}
    >
      {children}
    </Upload>
  );
}

/** The logo (menu and log-in page) and the log-in page's backgrounds, each with a preview. */
export function CompanyPicturesCard({ company }: { company: CompanySettings }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.pictures.title')}>
      <Flex vertical gap={24}>
        <LogoSection company={company} />
        <BackgroundsSection company={company} />
      </Flex>
    </Card>
  );
}

function LogoSection({ company }: { company: CompanySettings }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { uploadLogo, removeLogo } = useCompanyPictures(company.id);
  const { run, problem } = usePictureAction();
  const editable = company.policies.can_edit;
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('settings.pictures.logo')}</Typography.Text>
      <Flex gap={16} wrap align="center">
        <Flex
          align="center"
          justify="center"
          style={{
            width: 112,
            height: 112,
            flex: 'none',
            borderRadius: token.borderRadiusLG,
            border: `1px dashed ${token.colorBorder}`,
            background: token.colorFillQuaternary,
          }}
        >
          {company.logo ? (
            <img
              src={company.logo}
              alt={t('settings.pictures.logoAlt', { name: company.name })}
              style={{ maxWidth: 100, maxHeight: 100, objectFit: 'contain' }}
            />
          ) : (
            <Flex vertical align="center" gap={4}>
              <PictureOutlined style={{ fontSize: 24, color: token.colorTextTertiary }} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('settings.pictures.noLogo')}
              </Typography.Text>
            </Flex>
          )}
        </Flex>
        <Flex vertical gap={8} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('settings.pictures.logoHelp')}
          </Typography.Text>
          {editable && (
            <Flex gap={8} wrap>
              <PickPicture onPick={(file) => run(() => uploadLogo.mutateAsync(file), t('settings.pictures.logoSaved'))}>
                <Button icon={<UploadOutlined />} loading={uploadLogo.isPending}>
                  {company.logo ? t('settings.pictures.replaceLogo') : t('settings.pictures.uploadLogo')}
                </Button>
              </PickPicture>
              {company.logo && (
                <Popconfirm
                  title={t('settings.pictures.removeLogoQuestion')}
                  description={t('settings.pictures.removeLogoWarning')}
                  okText={t('common.delete')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => run(() => removeLogo.mutateAsync(), t('settings.pictures.logoRemoved'))}
                >
                  <Button danger icon={<DeleteOutlined />} loading={removeLogo.isPending}>
                    {t('settings.pictures.removeLogo')}
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          )}
          {problem}
        </Flex>
      </Flex>
    </Flex>
  );
}

function BackgroundsSection({ company }: { company: CompanySettings }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { uploadBackground } = useCompanyPictures(company.id);
  const save = useSaveCompanySettings(company.id);
  const { run, problem } = usePictureAction();
  const editable = company.policies.can_edit;
  const { backgrounds } = company;
  // Removing one is saving the list without it (PUT datas keeps only pictures uploaded before).
  const remove = (address: string) =>
    run(
      () => save.mutateAsync({ backgrounds: backgrounds.filter((kept) => kept !== address) }),
      t('settings.pictures.backgroundRemoved'),
    );
  const tile = { borderRadius: token.borderRadiusLG, aspectRatio: '16 / 9', width: '100%' };

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text strong>{t('settings.pictures.backgrounds')}</Typography.Text>
        <Typography.Text type="secondary">
          {t('settings.pictures.backgroundsCount', { count: backgrounds.length, max: MAX_BACKGROUNDS })}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {t('settings.pictures.backgroundsHelp')}
      </Typography.Text>
      {backgrounds.length === 0 && (
        <Typography.Text type="secondary">{t('settings.pictures.noBackgrounds')}</Typography.Text>
      )}
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        {backgrounds.map((address, index) => (
          <Flex key={address} vertical gap={4}>
            <Image
              src={address}
              alt={t('settings.pictures.backgroundAlt', { number: index + 1 })}
              style={{ ...tile, objectFit: 'cover' }}
            />
            {editable && (
              <Popconfirm
                title={t('settings.pictures.removeBackgroundQuestion')}
                description={t('settings.pictures.removeBackgroundWarning')}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(address)}
              >
                <Button size="small" danger type="text" icon={<DeleteOutlined />}>
                  {t('settings.pictures.removeBackground', { number: index + 1 })}
                </Button>
              </Popconfirm>
            )}
          </Flex>
        ))}
        {editable && backgrounds.length < MAX_BACKGROUNDS && (
          <PickPicture
            onPick={(file) => run(() => uploadBackground.mutateAsync(file), t('settings.pictures.backgroundSaved'))}
          >
            <Button
              icon={<PlusOutlined />}
              loading={uploadBackground.isPending}
              style={{ ...tile, height: 'auto', borderStyle: 'dashed', whiteSpace: 'normal' }}
            >
              {t('settings.pictures.addBackground')}
            </Button>
          </PickPicture>
        )}
      </div>
      {problem}
    </Flex>
  );
}
