import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { LANGUAGES, type Language, type LedgerEntry, normalizeLanguage } from '@crm/contracts';
import { Alert, Button, Flex, Result, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { usePageTitle } from '../../shared/ui/page-title';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText, dayjs } from '../groups/dates';
import { usePayment } from './money-api';

/**
 * On paper only the receipt: the shell (menu, header, breadcrumbs) and the toolbar are left out, and a
 * dark theme prints black on white.
 */
const PRINT_CSS = `
@media print {
  @page { margin: 12mm; }
  .ant-layout-sider, .ant-layout-header, .ant-breadcrumb, .ant-message, .receipt-toolbar { display: none !important; }
  .ant-layout, .ant-layout-content { background: #fff !important; padding: 0 !important; }
  .finance-receipt { border: none !important; box-shadow: none !important; margin: 0 auto !important; max-width: 140mm !important; }
  .finance-receipt, .finance-receipt * { color: #000 !important; background: #fff !important; }
}
`;

/** A cashier's receipt for one payment (GET /payment/{id}), a clean print view with a Print button. */
export function ReceiptPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const payment = usePayment(id);
  const { company } = useSession();
  // Issue 5: the receipt speaks the company's language; the cashier may print it in another.
  const [language, setLanguage] = useState<Language>(normalizeLanguage(company?.datas.locale));
  usePageTitle(t('finance.receipt.title', { id }));

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
      {t('finance.receipt.back')}
    </Button>
  );
  if (payment.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (payment.isError) {
    const status = payment.error instanceof ApiError ? payment.error.status : 0;
    if (status === 401) return null;
    return (
      <Result
        status={status === 404 ? '404' : status === 403 ? '403' : 'error'}
        title={status === 404 ? t('finance.receipt.notFound') : errorMessage(t, payment.error)}
        extra={back}
      />
    );
  }
  return (
    <Flex vertical gap={16} align="center">
      <style>{PRINT_CSS}</style>
      <Flex className="receipt-toolbar" wrap gap={8} justify="space-between" style={{ width: '100%', maxWidth: 560 }}>
        {back}
        <Flex wrap gap={8}>
          <Select<Language>
            aria-label={t('finance.receipt.language')}
            value={language}
            onChange={setLanguage}
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
            style={{ width: 170 }}
          />
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            {t('finance.receipt.print')}
          </Button>
        </Flex>
      </Flex>
      <ReceiptSheet entry={payment.data} language={language} />
    </Flex>
  );
}

/** The paper itself, in the chosen language and the company currency. */
export function ReceiptSheet({ entry, language }: { entry: LedgerEntry; language: Language }) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(language);
  const currency = useCurrency();
  const { company, user } = useSession();
  const branch = user?.branches.find((b) => b.id === entry.branch_id)?.name;
  const cancelled = entry.reversed_by_id !== null;
  const line = (label: string, value: ReactNode) => (
    <Flex key={label} justify="space-between" gap={16} style={{ paddingBlock: 6, borderBottom: '1px dashed #d9d9d9' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Typography.Text style={{ textAlign: 'end' }}>{value}</Typography.Text>
    </Flex>
  );
  return (
    <section
      className="finance-receipt"
      aria-label={t('finance.receipt.title', { id: entry.id })}
      lang={language}
      style={{
        width: '100%',
        maxWidth: 560,
        padding: '24px 24px 32px',
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        background: 'var(--ant-color-bg-container, #fff)',
      }}
    >
      <Flex vertical align="center" gap={2} style={{ marginBottom: 16, textAlign: 'center' }}>
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
          {company?.name}
        </Typography.Title>
        {branch && <Typography.Text type="secondary">{branch}</Typography.Text>}
        <Typography.Text strong style={{ marginTop: 12, fontSize: 16 }}>
          {t('finance.receipt.title', { id: entry.id })}
        </Typography.Text>
      </Flex>
      {cancelled && <Alert type="error" showIcon title={t('finance.receipt.cancelled')} style={{ marginBottom: 12 }} />}
      <Flex vertical align="center" style={{ marginBlock: 8 }}>
        <Typography.Text type="secondary">{t('finance.receipt.amount')}</Typography.Text>
        <Typography.Text strong delete={cancelled} style={{ fontSize: 30 }} data-testid="receipt-amount">
          {formatMoney(entry.amount, currency)}
        </Typography.Text>
      </Flex>
      {[
        line(t('finance.receipt.number'), entry.id),
        line(t('finance.receipt.date'), dateText(entry.date)),
        line(t('finance.receipt.student'), entry.student?.name ?? '—'),
        ...(entry.group ? [line(t('finance.receipt.group'), entry.group.title)] : []),
        line(t('finance.receipt.method'), entry.method ? t(`finance.methods.${entry.method}`) : '—'),
        ...(entry.comment ? [line(t('finance.receipt.comment'), entry.comment)] : []),
        line(t('finance.receipt.cashier'), entry.author?.name ?? '—'),
        line(t('finance.receipt.bookedAt'), dayjs(entry.created_at).format('DD.MM.YYYY HH:mm')),
      ]}
      <Flex justify="space-between" gap={24} style={{ marginTop: 40 }}>
        {[t('finance.receipt.cashierSignature'), t('finance.receipt.payerSignature')].map((label) => (
          <Flex key={label} vertical style={{ flex: 1 }}>
            <div style={{ borderBottom: '1px solid #8c8c8c', height: 28 }} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {label}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </section>
  );
}
