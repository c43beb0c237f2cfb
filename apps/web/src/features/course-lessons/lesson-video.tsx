import type { LessonVideo as Video } from '@crm/contracts';
import { theme } from 'antd';
import { mediaUrl } from './lesson-transfer';

/** 16:9 at any width: a phone's full width, a desktop's column. */
const FRAME_BOX = { position: 'relative', width: '100%', maxWidth: 960, aspectRatio: '16 / 9' } as const;

/** A YouTube or Vimeo player (contracts' parseVideoLink gives only their embed addresses). */
export function VideoFrame({ embedUrl, title }: { embedUrl: string; title: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ ...FRAME_BOX, borderRadius: token.borderRadiusLG, overflow: 'hidden', background: '#000' }}>
      <iframe
        src={embedUrl}
        title={title}
        allow="fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </div>
  );
}

/** The lesson's video: its file played from the server (in ranges, so it starts at once), or its link's player. */
export function LessonVideo({ video, title }: { video: Video; title: string }) {
  const { token } = theme.useToken();
  if (video.kind === 'none') return null;
  if (video.kind === 'link') return <VideoFrame embedUrl={video.embed_url} title={title} />;
  return (
    // biome-ignore lint/a11y/useMediaCaption: lesson videos are teachers' own recordings, uploaded without captions.
    <video
      controls
      preload="metadata"
      src={mediaUrl(video.file.url)}
      aria-label={title}
      style={{ width: '100%', maxWidth: 960, borderRadius: token.borderRadiusLG, background: '#000' }}
    />
  );
}
