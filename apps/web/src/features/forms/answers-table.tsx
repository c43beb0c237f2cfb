import type { Form, FormAnswerRow, FormAnswers } from '@crm/contracts';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { tablePagination } from '../groups/table-pagination';
import { isQuestion } from './form-draft';
import { answerText, dateTime } from './form-format';

interface AnswersTableProps {
  form: Form;
  answers: FormAnswers | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}

const cell = (text: string) => (
  <Typography.Text style={{ display: 'inline-block', maxWidth: 280, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {text}
  </Typography.Text>
);

/** The answers, newest first: when, one column per question, where from; an audit's student, group and teacher. */
export function AnswersTable({ form, answers, loading, page, onPage }: AnswersTableProps) {
  const { t } = useTranslation();
  const audit = form.kind === 'audit';
  const columns: ColumnsType<FormAnswerRow> = [
    { key: 'date', title: t('forms.answers.date'), fixed: 'left', render: (_, row) => dateTime(row.created_at) },
    ...(audit
      ? [
          {
            key: 'student',
            title: t('forms.answers.student'),
            render: (_: unknown, row: FormAnswerRow) => row.student?.name ?? '—',
          },
          {
            key: 'group',
            title: t('forms.answers.group'),
            render: (_: unknown, row: FormAnswerRow) => row.group?.title ?? '—',
          },
          {
            key: 'teacher',
            title: t('forms.answers.teacher'),
            render: (_: unknown, row: FormAnswerRow) => row.teacher?.name ?? '—',
          },
        ]
      : []),
    ...form.fields
      .filter((field) => isQuestion(field.type))
      .map((field) => ({
        key: `field-${field.key}`,
        title: <span style={{ display: 'inline-block', maxWidth: 240 }}>{field.label}</span>,
        render: (_: unknown, row: FormAnswerRow) => cell(answerText(row.values[field.key])),
      })),
    { key: 'utm', title: t('forms.answers.utmSource'), render: (_, row) => row.source.utm_source ?? '—' },
  ];
  return (
    <Table<FormAnswerRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={answers?.data}
      loading={loading}
      locale={{ emptyText: t('forms.answers.empty') }}
      pagination={tablePagination(answers?.pagination, page, onPage)}
      scroll={{ x: 'max-content' }}
    />
  );
}
