import type { LandingPage } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Flex, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { PageHeader } from '../course-lessons/page-parts';
import { useLandingPage, useLandingWrites } from './landing-api';
import { LandingForm } from './landing-form';
import { emptyLandingPage, landingValuesOf } from './landing-form-values';
import { LANDING_LIST_PATH, landingEditPath } from './landing-paths';
import { EditorWithPreview, LandingPreview } from './landing-preview';
import { CopyAddress, OpenPageButton } from './page-address';

const MAX_WIDTH = 1280;

/** A new landing page; once saved, its editor opens with the preview beside it. */
export function NewLandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create } = useLandingWrites();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      <PageHeader back={{ to: LANDING_LIST_PATH, label: t('landingPages.title') }} title={t('landingPages.new')} />
      <LandingForm
        initialValues={emptyLandingPage(currentLanguage())}
        cancelTo={LANDING_LIST_PATH}
        saving={create.isPending}
        onSave={(body) => create.mutateAsync(body)}
        onSaved={(page) => navigate(landingEditPath(page.id), { replace: true })}
      />
    </Flex>
  );
}

/** A saved landing page: its editor, its address, and the page as a phone shows it (reloaded after each save). */
export function EditLandingPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const page = useLandingPage(id);
  const back = { to: LANDING_LIST_PATH, label: t('landingPages.title') };
  const saved = page.data;
  return (
    <Flex vertical gap={16} style={{ maxWidth: MAX_WIDTH }}>
      <PageHeader
        back={back}
        title={saved?.title ?? t('landingPages.edit')}
        extra={
          saved?.published && (
            <Space wrap>
              <CopyAddress path={saved.path} />
              <OpenPageButton path={saved.path} title={saved.title} />
            </Space>
          )
        }
      />
      <PageGate query={page}>
        {(data) => (
          <EditorWithPreview editor={<LandingEditor page={data} />} preview={<LandingPreview page={data} />} />
        )}
      </PageGate>
    </Flex>
  );
}

/** The page's answer, or what stands in for it: a skeleton, "not found" (deleted meanwhile), the refusal. */
function PageGate({
  query,
  children,
}: {
  query: UseQueryResult<LandingPage>;
  children: (page: LandingPage) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <Result
          status="404"
          title={t('landingPages.notFound')}
          extra={
            <ButtonLink to={LANDING_LIST_PATH} type="primary">
              {t('landingPages.title')}
            </ButtonLink>
          }
        />
      );
    return isHandledGlobally(query.error) ? null : <Alert type="error" showIcon title={errorMessage(t, query.error)} />;
  }
  return query.data ? children(query.data) : <Skeleton active paragraph={{ rows: 8 }} />;
}

/** Drawn once per page: later answers (each save's) refresh the preview, not the fields being typed in. */
function LandingEditor({ page }: { page: LandingPage }) {
  const { update } = useLandingWrites();
  return (
    <LandingForm
      key={page.id}
      initialValues={landingValuesOf(page)}
      cancelTo={LANDING_LIST_PATH}
      saving={update.isPending}
      readOnly={!page.policies.edit}
      onSave={(body) => update.mutateAsync({ id: page.id, body })}
      onSaved={() => undefined}
    />
  );
}
