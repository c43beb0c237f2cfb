import { CalendarOutlined, FormOutlined } from '@ant-design/icons';
import type { HomeworkInput } from '@crm/contracts';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateText } from '../groups/dates';

interface HomeworkSummaryProps {
  homework: HomeworkInput;
  /** The day it is due in a group (null: the lesson has no date yet); a course's lesson says the days instead. */
  due?: string | null;
  /** The answer (student) or the answers (teacher) below the instructions. */
  children?: ReactNode;
}

/** A lesson's homework: what to do, by when, and in what form. */
export function HomeworkSummary({ homework, due, children }: HomeworkSummaryProps) {
  const { t } = useTranslation();
  const when =
    due === undefined
      ? t('courseLessons.homework.dueDays', { days: homework.due_days })
      : due === null
        ? t('courseLessons.homework.dueUnknown')
        : t('courseLessons.homework.due', { date: dateText(due) });
  return (
    <Card
      title={
        <span>
          <FormOutlined /> {t('courseLessons.homework.title')}
        </span>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {homework.instructions}
        </Typography.Paragraph>
        <Flex wrap gap={16}>
          <Typography.Text>
            <CalendarOutlined /> {when}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t(`courseLessons.homework.answerKind.${homework.answer}`)}
          </Typography.Text>
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}
