import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_LIMITS } from '@crm/contracts';
import { Button, Flex, Input, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface OptionsEditorProps {
  options: string[];
  onChange: (options: string[]) => void;
}

/** A choice's options: renamed in place, removed one by one, added at the end (Enter in the last one adds too). */
export function OptionsEditor({ options, onChange }: OptionsEditorProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  // The place of an option just added, so its box takes the focus once drawn.
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null) return;
    list.current?.querySelectorAll('input')[focusAt]?.focus();
    setFocusAt(null);
  }, [focusAt]);

  const full = options.length >= FIELD_LIMITS.options;
  const add = () => {
    if (full) return;
    onChange([...options, '']);
    setFocusAt(options.length);
  };

  return (
    <Flex vertical gap={8} ref={list}>
      <Typography.Text>{t('forms.builder.options')}</Typography.Text>
      {options.map((option, index) => (
        // By place: options may repeat or be empty while they are being written.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Flex key={index} gap={8}>
          <Input
            value={option}
            maxLength={FIELD_LIMITS.option}
            placeholder={t('forms.builder.optionPlaceholder', { number: index + 1 })}
            aria-label={t('forms.builder.option', { number: index + 1 })}
            onChange={(event) => onChange(options.map((current, at) => (at === index ? event.target.value : current)))}
            onPressEnter={(event) => {
              event.preventDefault();
              if (index === options.length - 1) add();
            }}
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('forms.builder.removeOption', { number: index + 1 })}
            onClick={() => onChange(options.filter((_, at) => at !== index))}
          />
        </Flex>
      ))}
      <Button type="dashed" icon={<PlusOutlined />} disabled={full} onClick={add} style={{ alignSelf: 'flex-start' }}>
        {t('forms.builder.addOption')}
      </Button>
    </Flex>
  );
}
