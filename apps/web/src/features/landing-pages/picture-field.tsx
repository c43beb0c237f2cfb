import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { COMPANY_IMAGE, type FormPicture, type FormPictureKind, LEAD_FORM_IMAGE, landingRoutes } from '@crm/contracts';
import { Button, Flex, Progress, Typography, theme, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { uploadWithProgress } from '../../shared/api/file-transfer';
import { pictureProblem } from './landing-api';

/** Words that name what the picture is for; a hero block's are the default. */
export interface PictureTexts {
  /** The picture's description once shown. */
  preview: string;
  /** The empty frame's words. */
  empty: string;
  /** Said when the server cut the upload to its shape; unsaid where the shape is free. */
  cropped?: string;
}

interface PictureFieldProps {
  /** Given by the form item, so its label points at the button. */
  id?: string;
  /** The picture's address (as POST /form/picture answered it), or null. */
  value?: string | null;
  onChange?: (address: string | null) => void;
  /** What the picture is for: the server sizes each kind its own way. */
  kind?: FormPictureKind;
  texts?: PictureTexts;
}

/** Each kind's frame has the shape the page shows it in: a hero's cover, or a lead form's 610x160 header. */
const ASPECT_RATIOS: Record<FormPictureKind, string> = {
  landing: '16 / 9',
  lead_header: `${LEAD_FORM_IMAGE.width} / ${LEAD_FORM_IMAGE.height}`,
};

/** POST /form/picture?kind=… (multipart) once the browser's own check passes: the stored picture. */
function uploadPicture(kind: FormPictureKind, file: File, onProgress: (percent: number) => void) {
  const problem = pictureProblem(file);
  if (problem) return Promise.reject(problem);
  return uploadWithProgress<FormPicture>(landingRoutes.uploadPicture.path, { kind }, file, onProgress);
}

/**
 * A hero block's picture, or a lead form's header: sent as soon as it is picked (the server resizes it and answers
 * its address), with the progress of a slow phone upload, then shown as the page will show it; replaced or
 * removed. A refusal is said under it and the previous picture stays.
 */
export function PictureField({ id, value = null, onChange, kind = 'landing', texts }: PictureFieldProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The last upload's answer: whether the server cut it to the frame's shape.
  const [cropped, setCropped] = useState(false);
  const words = texts ?? {
    preview: t('landingPages.blocks.picturePreview'),
    empty: t('landingPages.blocks.noPicture'),
  };
  const frame = { width: '100%', maxWidth: 480, aspectRatio: ASPECT_RATIOS[kind], borderRadius: 8 } as const;
  const remove = () => {
    setCropped(false);
    onChange?.(null);
  };

  const send = async (file: File) => {
    setProblem(null);
    setPercent(0);
    try {
      const picture = await uploadPicture(kind, file, setPercent);
      setCropped(picture.cropped);
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
        <img src={value} alt={words.preview} style={{ ...frame, objectFit: 'cover' }} />
      ) : (
        <Flex
          align="center"
          justify="center"
          gap={8}
          style={{
            ...frame,
            border: `1px dashed ${token.colorBorder}`,
            background: token.colorFillQuaternary,
            color: token.colorTextTertiary,
          }}
        >
          <PictureOutlined /> {words.empty}
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
          <Button icon={<DeleteOutlined />} onClick={remove} disabled={percent !== null}>
            {t('landingPages.blocks.removePicture')}
          </Button>
        )}
      </Flex>
      {value && cropped && words.cropped && (
        <Typography.Text type="warning" role="status">
          {words.cropped}
        </Typography.Text>
      )}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}
