import { FileAddOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FORM_CREATE_PATH, formTemplatePath } from './form-paths';
import { KindTag } from './form-tags';
import { FORM_TEMPLATES, templateKind, templateSize } from './form-templates';
import { FormsAreaTabs } from './forms-area-tabs';

/** Spec §2 form/generator: start from a template; the builder opens filled in, and nothing is saved until Save. */
export function FormGeneratorPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16}>
      <FormsAreaTabs />
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('forms.generator.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('forms.generator.text')}
      </Typography.Paragraph>
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {FORM_TEMPLATES.map((template) => (
          <TemplateCard
            key={template}
            to={formTemplatePath(template)}
            title={t(`forms.templates.${template}.title`)}
            text={t(`forms.templates.${template}.about`)}
            extra={
              <Flex gap={8} align="center">
                <KindTag kind={templateKind(template)} />
                <Typography.Text type="secondary">
                  {t('forms.generator.fields', { count: templateSize(template) })}
                </Typography.Text>
              </Flex>
            }
          />
        ))}
        <TemplateCard
          to={FORM_CREATE_PATH}
          title={t('forms.generator.blank')}
          text={t('forms.generator.blankText')}
          extra={<FileAddOutlined />}
        />
      </div>
    </Flex>
  );
}

function TemplateCard({ to, title, text, extra }: { to: string; title: string; text: string; extra: ReactNode }) {
  return (
    <Link to={to} style={{ display: 'block', color: 'inherit' }}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        <Flex vertical gap={8}>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{text}</Typography.Text>
          {extra}
        </Flex>
      </Card>
    </Link>
  );
}
