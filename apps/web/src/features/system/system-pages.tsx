import { Result, type ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../app/guards/guard-decisions';
import { ButtonLink } from '../../shared/ui/button-link';
import { CenteredPage } from '../../shared/ui/centered-page';

interface MessageProps {
  status: ResultProps['status'];
  /** Under `pages.` in the message files, with a title and a text. */
  page: 'notFound' | 'noAccess' | 'unknownCompany';
  action?: { to: string; label: string };
}

function MessageResult({ status, page, action }: MessageProps) {
  const { t } = useTranslation();
  return (
    <Result
      status={status}
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{t(`pages.${page}.title`)}</h1>}
      subTitle={t(`pages.${page}.text`)}
      style={{ maxWidth: 560, marginInline: 'auto' }}
      extra={
        action && (
          <ButtonLink type="primary" to={action.to}>
            {t(action.label)}
          </ButtonLink>
        )
      }
    />
  );
}

/** The same message on a page of its own, outside the shell. */
const MessagePage = (props: MessageProps) => (
  <CenteredPage>
    <MessageResult {...props} />
  </CenteredPage>
);

/** Spec §2 "Unknown paths show an error page": inside the shell (menu, header) for a signed-in user. */
export const NotFoundPage = () => (
  <MessageResult status="404" page="notFound" action={{ to: '/', label: 'common.backHome' }} />
);

/** The same for a visitor who has not logged in: his way on is the log-in page. */
export const GuestNotFoundPage = () => (
  <MessagePage status="404" page="notFound" action={{ to: LOGIN_PATH, label: 'common.toLogIn' }} />
);

export const NoAccessPage = () => (
  <MessagePage status="403" page="noAccess" action={{ to: '/', label: 'common.backHome' }} />
);

/** Spec §2: where the log-in page goes when the host names no known company. */
export const UnknownCompanyPage = () => <MessagePage status="warning" page="unknownCompany" />;
