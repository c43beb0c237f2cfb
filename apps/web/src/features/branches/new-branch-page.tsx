import { Alert, App, Button, Card, Flex, Form, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { ButtonLink } from '../../shared/ui/button-link';
import { saveForm } from '../courses/form-errors';
import { BRANCH_FIELDS, BranchFields, type BranchFormValues, EMPTY_BRANCH, toBranchInput } from './branch-fields';
import { BRANCHES_PATH } from './branch-paths';
import { useAdminBranches, useBranchMutations } from './branches-api';

/** Spec §2 admin/new-company: opens a branch of the company. */
export function NewBranchPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { company } = useSession();
  const country = company?.datas.country ?? 'uz';
  const [form] = Form.useForm<BranchFormValues>();
  // The list's policies say whether the caller may open one (the page asks, it does not decide).
  const list = useAdminBranches(false);
  const { create } = useBranchMutations();

  const submit = (values: BranchFormValues) =>
    saveForm(t, message, form, () => create.mutateAsync(toBranchInput(values, country)), {
      fields: BRANCH_FIELDS,
      success: t('branches.created', { name: values.name.trim() }),
      onSaved: () => navigate(BRANCHES_PATH),
    });

  let body: ReactNode = (
    <Card>
      <Skeleton active />
    </Card>
  );
  if (list.isError) {
    body = isHandledGlobally(list.error) ? null : <Alert type="error" showIcon title={errorMessage(t, list.error)} />;
  } else if (list.data && !list.data.policies.can_create) {
    body = <Alert type="info" showIcon title={t('branches.cannotCreate')} />;
  } else if (list.data) {
    body = (
      <Card>
        <Typography.Paragraph type="secondary">{t('branches.newHelp')}</Typography.Paragraph>
        <Form<BranchFormValues>
          form={form}
          layout="vertical"
          initialValues={EMPTY_BRANCH}
          onFinish={submit}
          requiredMark={false}
        >
          <BranchFields country={country} autoFocus />
          <Flex justify="flex-end" gap={8} wrap>
            <ButtonLink to={BRANCHES_PATH}>{t('common.cancel')}</ButtonLink>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t('branches.create')}
            </Button>
          </Flex>
        </Form>
      </Card>
    );
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('branches.newTitle')}
      </Typography.Title>
      {body}
    </Flex>
  );
}
