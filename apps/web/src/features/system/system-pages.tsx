import { Button, Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredPage } from '../../shared/ui/centered-page';

interface MessagePageProps {
  status: ResultProps['status'];
  /** Under `pages.` in the message files, with a title and a text. */
  page: 'notFound' | 'noAccess' | 'unknownCompany';
  action?: { to: string; label: string };
}

function MessagePage({ status, page, action }: MessagePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CenteredPage>
      <Result
        status={status}
        title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t(`pages.${page}.title`)}</h1>}
        subTitle={t(`pages.${page}.text`)}
        style={{ maxWidth: 560 }}
        extra={
          action && (
            <Button type="primary" onClick={() => navigate(action.to)}>
              {t(action.label)}
            </Button>
          )
        }
      />
    </CenteredPage>
  );
}

export const NotFoundPage = () => (
  <MessagePage status="404" page="notFound" action={{ to: '/', label: 'common.backHome' }} />
);

export const NoAccessPage = () => (
  <MessagePage status="403" page="noAccess" action={{ to: '/', label: 'common.backHome' }} />
);

/** Spec §2: where the log-in page goes when the host names no known company. */
export const UnknownCompanyPage = () => <MessagePage status="warning" page="unknownCompany" />;
