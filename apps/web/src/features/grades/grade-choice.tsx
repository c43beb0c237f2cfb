import { Button, Flex, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUTTON_SCALE_MAX } from './grade-model';

interface GradeChoiceProps {
  score: number | null;
  max: number;
  /** Whose grade, for screen readers ("Grade of Aziz"). */
  name: string;
  disabled?: boolean;
  size?: 'middle' | 'large';
  onChange: (score: number | null) => void;
}

/**
 * One click gives a grade: a button per score on a short scale; the chosen one pressed again takes it
 * back. A long scale (up to 100) is a number field that saves on Enter or leaving it.
 */
export function GradeChoice({ score, max, name, disabled, size = 'middle', onChange }: GradeChoiceProps) {
  const { t } = useTranslation();
  if (max > BUTTON_SCALE_MAX) {
    return <TypedGrade score={score} max={max} name={name} disabled={disabled} onChange={onChange} />;
  }
  const side = size === 'large' ? 40 : 30;
  return (
    <Flex role="group" aria-label={t('grades.choice.label', { name })} gap={4} wrap>
      {Array.from({ length: max }, (_, i) => i + 1).map((value) => {
        const chosen = value === score;
        return (
          <Button
            key={value}
            size={size === 'large' ? 'large' : 'small'}
            type={chosen ? 'primary' : 'default'}
            aria-pressed={chosen}
            aria-label={t('grades.choice.score', { name, score: value })}
            disabled={disabled}
            onClick={() => onChange(chosen ? null : value)}
            style={{ minWidth: side, height: side, padding: 0 }}
          >
            {value}
          </Button>
        );
      })}
    </Flex>
  );
}

function TypedGrade({ score, max, name, disabled, onChange }: Omit<GradeChoiceProps, 'size'>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<number | null>(score);
  const [shown, setShown] = useState(score);
  // A grade changed elsewhere (the answer of the server) replaces an untouched draft.
  if (shown !== score) {
    setShown(score);
    setDraft(score);
  }
  const save = () => {
    if (draft !== score) onChange(draft);
  };
  return (
    <InputNumber<number>
      min={1}
      max={max}
      precision={0}
      value={draft}
      disabled={disabled}
      placeholder={t('grades.choice.typed', { max })}
      aria-label={t('grades.choice.label', { name })}
      onChange={(value) => setDraft(value)}
      onBlur={save}
      onPressEnter={save}
      style={{ width: 96 }}
    />
  );
}
