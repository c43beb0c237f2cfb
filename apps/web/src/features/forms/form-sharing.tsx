import type { Form } from '@crm/contracts';
import { Alert, Card, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';
import { embedSnippet, publicFormUrl } from './form-paths';
import { SendAuditButton } from './send-audit-modal';

/**
 * How a saved form reaches people: its public address and an iframe to paste on a site; an audit form,
 * whose links are personal, is sent to groups instead.
 */
export function FormSharing({ form }: { form: Form }) {
  const { t } = useTranslation();
  if (form.kind === 'audit') {
    return (
      <Card size="small" title={t('forms.sharing.auditTitle')}>
        <Typography.Paragraph type="secondary">{t('forms.sharing.auditText')}</Typography.Paragraph>
        {form.status === 'draft' && <DraftNotice />}
        {form.policies.send_audit && <SendAuditButton formId={form.id} />}
      </Card>
    );
  }
  if (!form.public_path) return null;
  const url = publicFormUrl(form.public_path);
  const snippet = embedSnippet(url, form.title);
  return (
    <Card size="small" title={t('forms.sharing.title')}>
      <Flex vertical gap={12}>
        {form.status === 'draft' && <DraftNotice />}
        <label htmlFor="form-public-url">
          <Typography.Text strong>{t('forms.sharing.address')}</Typography.Text>
        </label>
        <Flex gap={8} wrap>
          <Input id="form-public-url" readOnly value={url} style={{ flex: '1 1 240px' }} />
          <CopyButton text={url} label={t('forms.sharing.copyAddress')} />
          <Typography.Link href={url} target="_blank" rel="noopener" style={{ alignSelf: 'center' }}>
            {t('forms.sharing.open')}
          </Typography.Link>
        </Flex>
        <label htmlFor="form-embed">
          <Typography.Text strong>{t('forms.sharing.embed')}</Typography.Text>
        </label>
        <Input.TextArea id="form-embed" readOnly autoSize value={snippet} style={{ fontFamily: 'monospace' }} />
        <div>
          <CopyButton text={snippet} label={t('forms.sharing.copyEmbed')} />
        </div>
      </Flex>
    </Card>
  );
}

function DraftNotice() {
  const { t } = useTranslation();
  return <Alert type="warning" showIcon title={t('forms.sharing.draft')} style={{ marginBottom: 12 }} />;
}
