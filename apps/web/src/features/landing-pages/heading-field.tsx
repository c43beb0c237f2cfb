import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Where a block's fields sit in the editor's form: its place in the blocks list. */
export interface BlockFieldsProps {
  name: number;
}

/** A block's heading: the hero's is its big title and must be there; the others may go without. */
export function HeadingField({ name, required = false }: BlockFieldsProps & { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={[name, 'heading']}
      label={t('landingPages.blocks.heading')}
      rules={required ? [{ required: true, whitespace: true, message: t('validation.required') }] : []}
    >
      <Input maxLength={160} />
    </Form.Item>
  );
}
