import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { BLOG_COVER_IMAGE } from '@crm/contracts';
import { Button, Flex, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { uploadCover } from './blog-api';

interface CoverFieldProps {
  /** Given by the form item, so its label points at the button. */
  id?: string;
  /** The cover's address (as POST /blog/cover answered it), or null. */
  value?: string | null;
  onChange?: (cover: string | null) => void;
}

/**
 * A post's cover picture: uploaded as soon as it is picked (the server checks and resizes it, and answers the
 * address the post keeps), shown as it will look, replaced or removed. A refused file is worded under it.
 */
export function CoverField({ id, value = null, onChange }: CoverFieldProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    setUploading(true);
    try {
      const { cover } = await uploadCover(file);
      onChange?.(cover);
    } catch (error) {
      if (!isHandledGlobally(error)) setProblem(errorMessage(t, error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex vertical gap={8}>
      {value ? (
        <img
          src={value}
          alt={t('blog.form.coverPreview')}
          style={{ width: '100%', maxWidth: 480, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 8 }}
        />
      ) : (
        <Flex
          align="center"
          justify="center"
          gap={8}
          style={{
            width: '100%',
            maxWidth: 480,
            aspectRatio: '16 / 9',
            borderRadius: token.borderRadiusLG,
            border: `1px dashed ${token.colorBorder}`,
            background: token.colorFillQuaternary,
            color: token.colorTextTertiary,
          }}
        >
          <PictureOutlined /> {t('blog.form.noCover')}
        </Flex>
      )}
      <Flex gap={8} wrap>
        <Upload
          accept={BLOG_COVER_IMAGE.types.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={uploading}>
            {value ? t('blog.form.replaceCover') : t('blog.form.uploadCover')}
          </Button>
        </Upload>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} disabled={uploading}>
            {t('blog.form.removeCover')}
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
