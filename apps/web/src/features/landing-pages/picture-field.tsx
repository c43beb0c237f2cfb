import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { COMPANY_IMAGE } from '@crm/contracts';
import { Button, Flex, Progress, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { uploadLandingPicture } from './landing-api';

interface PictureFieldProps {
  /** Given by the form item, so its label points at the button. */
  id?: string;
  /** The picture's address (as POST /form/picture answered it), or null. */
  value?: string | null;
  onChange?: (address: string | null) => void;
}

const FRAME = { width: '100%', maxWidth: 480, aspectRatio: '16 / 9', borderRadius: 8 } as const;

/**
 * A hero block's picture: sent as soon as it is picked (the server resizes it and answers its address), with the
 * progress of a slow phone upload, then shown as the page will show it; replaced or removed. A refusal is said
 * under it and the previous picture stays.
 */
export function PictureField({ id, value = null, onChange }: PictureFieldProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    setPercent(0);
    try {
      const picture = await uploadLandingPicture(file, setPercent);
      onChange?.(picture.address);
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Flex vertical gap={8}>
      {value ? (
        <img src={value} alt={t('landingPages.blocks.picturePreview')} style={{ ...FRAME, objectFit: 'cover' }} />
      ) : (
        <Flex
          align="center"
          justify="center"
          gap={8}
          style={{
            ...FRAME,
            border: `1px dashed ${token.colorBorder}`,
            background: token.colorFillQuaternary,
            color: token.colorTextTertiary,
          }}
        >
          <PictureOutlined /> {t('landingPages.blocks.noPicture')}
        </Flex>
      )}
      {percent !== null && (
        <Progress percent={percent} aria-label={t('landingPages.blocks.uploading')} style={{ maxWidth: 480 }} />
      )}
      <Flex gap={8} wrap>
        <Upload
          accept={COMPANY_IMAGE.types.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={percent !== null}>
            {value ? t('landingPages.blocks.replacePicture') : t('landingPages.blocks.uploadPicture')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={percent !== null}>
            {t('landingPages.blocks.removePicture')}
          </Button>
        )}
      </Flex>
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
