import type { PublicForm } from '@crm/contracts';
import { Alert, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

export interface FormHeadingProps {
  company: Pick<PublicForm['company'], 'name' | 'logo'>;
  form: Pick<PublicForm['form'], 'title' | 'description' | 'image'>;
  audit?: PublicForm['audit'];
}

/** The top of a form as the visitor sees it (and the builder's preview shows): the company, the title, the words. */
export function FormHeading({ company, form, audit }: FormHeadingProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8} style={{ marginBottom: 24 }}>
      <Flex align="center" gap={8}>
        {company.logo && <img src={company.logo} alt="" style={{ maxWidth: 120, maxHeight: 40 }} />}
        <strong style={{ color: token.colorTextSecondary }}>{company.name}</strong>
      </Flex>
      {form.image && (
        <img src={form.image} alt="" style={{ width: '100%', borderRadius: token.borderRadius, objectFit: 'cover' }} />
      )}
      <h1 style={{ fontSize: 24, margin: 0, color: token.colorText, overflowWrap: 'anywhere' }}>
        {form.title || t('forms.field.untitled')}
      </h1>
      {audit && (
        <Alert
          type="info"
          title={
            audit.teacher_name
              ? t('forms.public.auditAboutTeacher', { group: audit.group_title, teacher: audit.teacher_name })
              : t('forms.public.auditAbout', { group: audit.group_title })
          }
        />
      )}
      {form.description && (
        <p style={{ margin: 0, color: token.colorTextSecondary, whiteSpace: 'pre-wrap' }}>{form.description}</p>
      )}
    </Flex>
  );
}
