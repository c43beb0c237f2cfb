import type { AttendanceStudent, Lesson } from '@crm/contracts';
import { Button, Flex, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradeChoice } from './grade-choice';
import type { Grading } from './use-grading';

interface SlotProps {
  grading: Grading;
  student: AttendanceStudent;
  lesson: Lesson;
}

/** The roll call's line under a student: the scores to pick from, or the grade he has when it is closed. */
export function RollGrade({ grading, student, lesson }: SlotProps) {
  const { t } = useTranslation();
  const score = grading.scoreOf(student.id, lesson.date);
  if (grading.lockOf(lesson) !== null) return score === null ? null : <GivenGrade score={score} max={grading.max} />;
  return (
    <Flex align="center" gap={8} wrap style={{ paddingBottom: 8 }}>
      <Typography.Text type="secondary">{t('grades.grade')}:</Typography.Text>
      <GradeChoice
        score={score}
        max={grading.max}
        name={student.name}
        size="large"
        onChange={(next) => grading.onGrade(student, lesson, next)}
      />
    </Flex>
  );
}

/** The month grid's cell: the grade under the mark; a click opens the scores (when grading is open). */
export function GridGrade({ grading, student, lesson }: SlotProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const score = grading.scoreOf(student.id, lesson.date);
  const lock = grading.lockOf(lesson);
  if (lock !== null) {
    if (score === null) return null;
    return (
      <Typography.Text
        strong
        title={grading.lockText(lesson) ?? undefined}
        aria-label={t('grades.given', { name: student.name, score, max: grading.max })}
        style={{ display: 'block', fontSize: 12, lineHeight: '18px' }}
      >
        {score}
      </Typography.Text>
    );
  }
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      title={t('grades.choice.label', { name: student.name })}
      content={
        <GradeChoice
          score={score}
          max={grading.max}
          name={student.name}
          onChange={(next) => {
            grading.onGrade(student, lesson, next);
            setOpen(false);
          }}
        />
      }
    >
      <Button
        type="text"
        size="small"
        aria-label={
          score === null
            ? t('grades.giveLabel', { name: student.name })
            : t('grades.given', { name: student.name, score, max: grading.max })
        }
        style={{ display: 'block', margin: '2px auto 0', height: 18, padding: '0 4px', fontSize: 12, fontWeight: 600 }}
      >
        {score ?? '＋'}
      </Button>
    </Popover>
  );
}

function GivenGrade({ score, max }: { score: number; max: number }) {
  const { t } = useTranslation();
  return (
    <Typography.Text style={{ display: 'block', paddingBottom: 8 }}>
      {t('grades.grade')}: <Typography.Text strong>{t('grades.outOf', { score, max })}</Typography.Text>
    </Typography.Text>
  );
}
