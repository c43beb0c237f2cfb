import { type Room, type RoomInput, roomInputSchema } from '@crm/contracts';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { schemaRule, showFieldErrors } from '../../shared/forms/field-rules';
import { type InlineForm, InlineFormFrame } from '../../shared/ui/inline-form-frame';
import { useRoomMutations } from './rooms-api';

/** What the modal is open for: a new room, or an existing one. */
export type RoomFormTarget = { mode: 'create' } | { mode: 'edit'; room: Room };

interface RoomFormModalProps {
  target: RoomFormTarget | null;
  branchId: number;
  onClose: () => void;
  /** After a save, with the room's id and name. */
  onSaved?: (room: Pick<Room, 'id' | 'name'>) => void;
  /** Drawn in place rather than in a dialog (the onboarding wizard). */
  inline?: InlineForm;
}

const FIELDS = ['name', 'capacity'];

export function RoomFormModal({ target, branchId, onClose, onSaved, inline }: RoomFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RoomInput>();
  const { create, update } = useRoomMutations(branchId);
  const editing = target?.mode === 'edit' ? target.room : null;

  const save = async (values: RoomInput) => {
    const input = { name: values.name.trim(), capacity: values.capacity };
    try {
      const room = editing ? await update.mutateAsync({ id: editing.id, ...input }) : await create.mutateAsync(input);
      message.success(t(editing ? 'rooms.updated' : 'rooms.created'));
      onSaved?.(room);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && showFieldErrors(t, form, FIELDS, error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };

  const saving = create.isPending || update.isPending;
  const fields = (
    <Form
      form={form}
      layout="vertical"
      initialValues={editing ? { name: editing.name, capacity: editing.capacity } : undefined}
      onFinish={save}
    >
      <Form.Item name="name" label={t('rooms.name')} required rules={[schemaRule(t, roomInputSchema.shape.name)]}>
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="capacity"
        label={t('rooms.capacity')}
        extra={t('rooms.capacityHint')}
        required
        rules={[schemaRule(t, roomInputSchema.shape.capacity)]}
      >
        {/* No min/max here: the contracts' rule explains an out-of-range value instead of silently clamping it. */}
        <InputNumber inputMode="numeric" style={{ width: '100%' }} />
      </Form.Item>
    </Form>
  );
  if (inline)
    return (
      <InlineFormFrame form={form} saving={saving} {...inline}>
        {fields}
      </InlineFormFrame>
    );
  return (
    <Modal
      open={target !== null}
      title={t(editing ? 'rooms.editTitle' : 'rooms.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      {fields}
    </Modal>
  );
}
