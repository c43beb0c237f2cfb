import { PhoneOutlined } from '@ant-design/icons';
import { formatPhone, normalizePhone, phoneDigitCount } from '@crm/contracts';
import { Button, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../users/phone-input';
import type { Phone } from './phone-context';
import { isLongEnough } from './phone-numbers';

/**
 * Spec §2 call modal: a phone box with the company country's mask and a call button. Spec §5: a number shorter than
 * the country's minimum is refused with the minimum named; the call itself starts in the widget.
 */
export function CallModal({
  phone,
  initialPhone,
  onClose,
}: {
  phone: Pick<Phone, 'country' | 'dial' | 'snapshot'>;
  initialPhone?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string }>();
  const { country } = phone;
  const busy = phone.snapshot.state !== 'idle';
  const call = ({ phone: number }: { phone: string }) => {
    phone.dial(normalizePhone(number, country));
    onClose();
  };
  return (
    <Modal
      open
      title={t('telephony.modal.title')}
      onCancel={onClose}
      destroyOnHidden
      width={400}
      footer={
        <Button type="primary" icon={<PhoneOutlined />} disabled={busy} onClick={() => form.submit()}>
          {t('telephony.modal.call')}
        </Button>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ phone: initialPhone ? formatPhone(normalizePhone(initialPhone, country), country) : '' }}
        onFinish={call}
      >
        <Form.Item
          name="phone"
          label={t('telephony.modal.phone')}
          validateTrigger="onSubmit"
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (!isLongEnough(typeof value === 'string' ? value : '', country))
                  throw new Error(t('telephony.modal.tooShort', { count: phoneDigitCount(country) }));
              },
            },
          ]}
        >
          <PhoneInput country={country} autoFocus aria-label={t('telephony.modal.phone')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
