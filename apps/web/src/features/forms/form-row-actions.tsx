import { BarChartOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import type { FormSummary } from '@crm/contracts';
import { App, Button, Dropdown, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { copyText } from './copy-text';
import { formEditPath, formInfoPath, publicFormUrl } from './form-paths';
import { useFormWrites } from './forms-api';

interface FormRowActionsProps {
  form: FormSummary;
}

/** A list row's actions: its answers and its editor at hand, the rest (publish, link, delete) in a menu. */
export function FormRowActions({ form }: FormRowActionsProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { publish, remove } = useFormWrites();
  const published = form.status === 'published';
  const { edit: canEdit, delete: canDelete } = form.policies;
  const publicPath = form.public_path;

  const failed = (error: unknown) => {
    if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
  };
  const togglePublished = () =>
    publish.mutate(
      { id: form.id, published: !published },
      {
        onSuccess: () =>
          message.success(t(published ? 'forms.builder.unpublishedNote' : 'forms.builder.publishedNote')),
        onError: failed,
      },
    );
  const copyLink = async (path: string) => {
    const copied = await copyText(publicFormUrl(path));
    if (copied) message.success(t('forms.sharing.copied'));
    else message.warning(t('forms.sharing.copyByHand'));
  };
  const confirmDelete = () =>
    modal.confirm({
      title: t('forms.list.deleteTitle', { title: form.title }),
      content: t('forms.list.deleteText', { count: form.answers }),
      okText: t('common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        remove.mutateAsync(form.id).then(
          () => void message.success(t('forms.list.deleted')),
          (error: unknown) => failed(error),
        ),
    });

  const menu = [
    canEdit && {
      key: 'publish',
      label: t(published ? 'forms.actions.unpublish' : 'forms.actions.publish'),
      onClick: togglePublished,
    },
    // An audit form has no public address: its links are personal.
    publicPath !== null && { key: 'link', label: t('forms.actions.copyLink'), onClick: () => copyLink(publicPath) },
    canDelete && { type: 'divider' as const },
    canDelete && { key: 'delete', label: t('common.delete'), danger: true, onClick: confirmDelete },
  ].filter((item) => item !== false);

  return (
    <Flex gap={4} justify="flex-end">
      <Tooltip title={t('forms.actions.answers')}>
        <Button
          type="text"
          icon={<BarChartOutlined />}
          aria-label={t('forms.actions.answersOf', { title: form.title })}
          onClick={() => navigate(formInfoPath(form.id))}
        />
      </Tooltip>
      {canEdit && (
        <Tooltip title={t('forms.actions.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('forms.actions.editOf', { title: form.title })}
            onClick={() => navigate(formEditPath(form.id))}
          />
        </Tooltip>
      )}
      {menu.length > 0 && (
        <Dropdown trigger={['click']} menu={{ items: menu }}>
          <Button type="text" icon={<MoreOutlined />} aria-label={t('forms.actions.moreOf', { title: form.title })} />
        </Dropdown>
      )}
    </Flex>
  );
}
