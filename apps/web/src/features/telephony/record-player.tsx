import { PlayCircleOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHandledGlobally } from '../../shared/api/error-message';
import { fetchRecording, telephonyErrorText } from './telephony-api';

/**
 * A call's recording: asked for only when played (GET /call/record/{uuid} with the token, as an <audio> cannot send
 * it), then played from the browser's copy, which is let go when the row goes.
 */
export function RecordPlayer({ uuid, label }: { uuid: string; label: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [source, setSource] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const play = async () => {
    setLoading(true);
    try {
      setSource(URL.createObjectURL(await fetchRecording(uuid)));
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(telephonyErrorText(t, error));
    } finally {
      setLoading(false);
    }
  };

  if (source)
    return (
      // biome-ignore lint/a11y/useMediaCaption: a recorded telephone call has no captions
      <audio controls autoPlay src={source} aria-label={label} style={{ height: 32, maxWidth: 240 }} />
    );
  return (
    <Button size="small" icon={<PlayCircleOutlined />} loading={loading} aria-label={label} onClick={play}>
      {t('telephony.log.play')}
    </Button>
  );
}
