import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { PRODUCT_PHOTO } from '@crm/contracts';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ProductThumb } from './coin-format';
import { uploadProductPhoto } from './gamification-api';

interface ProductPhotoFieldProps {
  /** Given by the form item, so its label points at the button. */
  id?: string;
  /** The photo's address (as POST /gamification/photo answered it), or null. */
  value?: string | null;
  onChange?: (address: string | null) => void;
}

/**
 * A product's photo: sent as soon as it is picked, with the progress of a slow phone upload (the server fits it to
 * an 800 px square and answers its address), then shown beside its buttons. A refusal is said under it and the
 * previous photo stays.
 */
export function ProductPhotoField({ id, value = null, onChange }: ProductPhotoFieldProps) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = percent !== null;

  const send = async (file: File) => {
    setProblem(null);
    setPercent(0);
    try {
      onChange?.(await uploadProductPhoto(file, setPercent));
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Flex gap={12} align="center" wrap>
      <ProductThumb photo={value} name={t('gamification.products.photoPreview')} size={96} />
      <Flex vertical gap={8} style={{ flex: '1 1 180px', minWidth: 0 }}>
        <Flex gap={8} wrap>
          <Upload
            accept={PRODUCT_PHOTO.types.join(',')}
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return false;
            }}
          >
            <Button id={id} icon={<UploadOutlined />} loading={sending}>
              {value ? t('gamification.products.replacePhoto') : t('gamification.products.uploadPhoto')}
            </Button>
          </Upload>
          {value && (
            <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={sending}>
              {t('gamification.products.removePhoto')}
            </Button>
          )}
        </Flex>
        {sending && <Progress percent={percent} size="small" aria-label={t('gamification.products.uploading')} />}
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
