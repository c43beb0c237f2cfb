import { Typography } from 'antd';
import type { CSSProperties } from 'react';

/**
 * An offer's text as its authors wrote it: plain text, a blank line between paragraphs, single line breaks
 * kept. It is drawn as text, never as HTML, so whatever was pasted into the settings cannot run in a reader's page.
 */
export function OfferText({ text, lang, style }: { text: string; lang?: string; style?: CSSProperties }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div lang={lang} style={{ overflowWrap: 'anywhere', ...style }}>
      {paragraphs.map((paragraph, index) => (
        // The paragraphs of one text never reorder: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Typography.Paragraph key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Typography.Paragraph>
      ))}
    </div>
  );
}
