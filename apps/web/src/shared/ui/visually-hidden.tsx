import type { CSSProperties, ReactNode } from 'react';

// The usual "screen-reader only" box: out of sight, still read (display:none or hidden would not be).
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Text for screen readers only, e.g. the header of a narrow column of row menus. */
export const VisuallyHidden = ({ children }: { children: ReactNode }) => <span style={HIDDEN}>{children}</span>;
