import type { CSSProperties } from 'react';

// Off screen rather than hidden: a bot reads the page's markup and fills what it finds; a person never sees it.
const OFF_SCREEN: CSSProperties = {
  position: 'absolute',
  left: -10_000,
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
};

interface HoneypotInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The public pages' spam trap (`website`): out of sight and out of the tab order, so people leave it empty; the
 * server answers a filled one like a success and stores nothing.
 */
export function HoneypotInput({ id, value, onChange }: HoneypotInputProps) {
  return (
    <div aria-hidden style={OFF_SCREEN}>
      {/* Named like a field a bot expects to fill; the label is for bots only, so it is not translated. */}
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
