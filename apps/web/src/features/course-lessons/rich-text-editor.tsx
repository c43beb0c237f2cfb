import {
  BoldOutlined,
  FontSizeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Flex, Input, Modal, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  /** Given by the form item, so its label points at the box. */
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}

/** An address a lesson may link to: a web page or an e-mail address. */
const linkTarget = (text: string): string | null => {
  try {
    const url = new URL(text.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The box's HTML, or '' when nothing is left in it but the empty paragraph a browser keeps. */
const contentOf = (box: HTMLElement): string => {
  const empty = !box.textContent?.trim() && !box.querySelector('img, iframe, li');
  return empty ? '' : box.innerHTML;
};

/**
 * The lesson's text: a contentEditable box and a toolbar of the browser's own editing commands
 * (document.execCommand: old, but every browser still runs it, and it needs no library). The HTML it makes is
 * the server's to clean (it keeps only the safe part).
 */
export function RichTextEditor({ id, value = '', onChange, label }: RichTextEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  // The selection is kept when the box loses focus, so a toolbar button or the link dialog acts on it.
  const selection = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  // The box draws no outline of its own: its frame shows where the keyboard is, as an antd input's does.
  const [focused, setFocused] = useState(false);

  // Written into the box only when it differs from what the box holds: rewriting it while typing would put
  // the caret back at the start.
  useEffect(() => {
    if (box.current && contentOf(box.current) !== value) box.current.innerHTML = value;
  }, [value]);

  const keepSelection = () => {
    const range = window.getSelection()?.rangeCount ? window.getSelection()?.getRangeAt(0) : undefined;
    if (range && box.current?.contains(range.commonAncestorContainer)) selection.current = range.cloneRange();
  };

  const run = (command: string, argument?: string) => {
    box.current?.focus();
    if (selection.current) {
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(selection.current);
    }
    // jsdom, and a browser that one day drops it, have no execCommand: the text then stays plain.
    if (typeof document.execCommand === 'function') document.execCommand(command, false, argument);
    keepSelection();
    if (box.current) onChange?.(contentOf(box.current));
  };

  // With words selected they become the link; with none, the address itself is put in as the link's text.
  const link = (href: string) => {
    if (selection.current && !selection.current.collapsed) run('createLink', href);
    else run('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`);
  };

  const toggleHeading = () => {
    const current = typeof document.queryCommandValue === 'function' ? document.queryCommandValue('formatBlock') : '';
    run('formatBlock', current.toLowerCase() === 'h3' ? 'p' : 'h3');
  };

  // Each tool's name is its wording's key (courseLessons.editor.text.<name>).
  const tools: [name: string, icon: ReactNode, act: () => void][] = [
    ['bold', <BoldOutlined key="bold" />, () => run('bold')],
    ['italic', <ItalicOutlined key="italic" />, () => run('italic')],
    ['underline', <UnderlineOutlined key="underline" />, () => run('underline')],
    ['heading', <FontSizeOutlined key="heading" />, toggleHeading],
    ['bullets', <UnorderedListOutlined key="bullets" />, () => run('insertUnorderedList')],
    ['numbers', <OrderedListOutlined key="numbers" />, () => run('insertOrderedList')],
    ['link', <LinkOutlined key="link" />, () => setLinking(true)],
  ];

  return (
    <div
      style={{
        border: `1px solid ${focused ? token.colorPrimary : token.colorBorder}`,
        boxShadow: focused ? `0 0 0 2px ${token.colorPrimaryBg}` : undefined,
        borderRadius: token.borderRadius,
      }}
    >
      <Flex
        role="toolbar"
        aria-label={t('courseLessons.editor.text.toolbar')}
        wrap
        gap={2}
        style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        {tools.map(([name, icon, act]) => {
          const label = t(`courseLessons.editor.text.${name}`);
          return (
            <Tooltip key={name} title={label}>
              <Button
                type="text"
                size="small"
                icon={icon}
                aria-label={label}
                // The box keeps its selection: a mouse press on the button would otherwise take it away.
                onMouseDown={(event) => event.preventDefault()}
                onClick={act}
              />
            </Tooltip>
          );
        })}
      </Flex>
      <Typography>
        {/* biome-ignore lint/a11y/useSemanticElements: a textarea holds no formatting; an editable box is read as a text box by its role. */}
        <div
          id={id}
          ref={box}
          role="textbox"
          aria-multiline
          aria-label={label}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={() => box.current && onChange?.(contentOf(box.current))}
          onKeyUp={keepSelection}
          onMouseUp={keepSelection}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            keepSelection();
            setFocused(false);
          }}
          style={{ minHeight: 180, maxHeight: '60vh', overflowY: 'auto', padding: '8px 12px', outline: 'none' }}
        />
      </Typography>
      <LinkDialog open={linking} onClose={() => setLinking(false)} onLink={link} />
    </div>
  );
}

/** Asks for the address the selected words link to. */
function LinkDialog({ open, onClose, onLink }: { open: boolean; onClose: () => void; onLink: (href: string) => void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [wrong, setWrong] = useState(false);
  const close = () => {
    setAddress('');
    setWrong(false);
    onClose();
  };
  const confirm = () => {
    const href = linkTarget(address);
    if (!href) {
      setWrong(true);
      return;
    }
    close();
    onLink(href);
  };
  return (
    <Modal
      open={open}
      title={t('courseLessons.editor.text.linkTitle')}
      okText={t('courseLessons.editor.text.linkOk')}
      cancelText={t('common.cancel')}
      onOk={confirm}
      onCancel={close}
      destroyOnHidden
    >
      {/* No form of its own: its submit would also reach the lesson's form around it (React events cross portals). */}
      <Flex vertical gap={4}>
        <label htmlFor="lesson-link-address">{t('courseLessons.editor.text.linkAddress')}</label>
        <Input
          id="lesson-link-address"
          autoFocus
          value={address}
          placeholder="https://"
          inputMode="url"
          status={wrong ? 'error' : undefined}
          aria-invalid={wrong}
          onPressEnter={confirm}
          onChange={(event) => {
            setAddress(event.target.value);
            setWrong(false);
          }}
        />
        {wrong && <Typography.Text type="danger">{t('courseLessons.editor.text.linkWrong')}</Typography.Text>}
      </Flex>
    </Modal>
  );
}
