import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { LandingBlockType } from '@crm/contracts';
import { Button, Card, Flex, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoursesFields, GroupsFields, LeadFormFields, TeachersFields } from './block-pickers';
import { type BlockFieldsProps, HeadingField } from './heading-field';
import { PictureField } from './picture-field';

const MAX_TESTIMONIALS = 12;

function HeroFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <HeadingField name={name} required />
      <Form.Item name={[name, 'text']} label={t('landingPages.blocks.text')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      <Form.Item
        name={[name, 'button']}
        label={t('landingPages.blocks.button')}
        extra={t('landingPages.blocks.buttonHelp')}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name={[name, 'image']} label={t('landingPages.blocks.picture')}>
        <PictureField />
      </Form.Item>
    </>
  );
}

/** What people say of the centre: one to twelve name-and-words pairs. */
function TestimonialsFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  const required = [{ required: true, whitespace: true, message: t('validation.required') }];
  return (
    <>
      <HeadingField name={name} />
      <Form.List name={[name, 'items']}>
        {(items, { add, remove }) => (
          <Flex vertical gap={12}>
            {items.map((item, index) => (
              <Card
                key={item.key}
                size="small"
                title={t('landingPages.blocks.testimonial', { number: index + 1 })}
                extra={
                  items.length > 1 && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('landingPages.blocks.removeTestimonial', { number: index + 1 })}
                      onClick={() => remove(item.name)}
                    />
                  )
                }
              >
                <Form.Item name={[item.name, 'name']} label={t('landingPages.blocks.personName')} rules={required}>
                  <Input maxLength={80} />
                </Form.Item>
                <Form.Item name={[item.name, 'text']} label={t('landingPages.blocks.words')} rules={required}>
                  <Input.TextArea maxLength={600} autoSize={{ minRows: 2, maxRows: 6 }} />
                </Form.Item>
              </Card>
            ))}
            {items.length < MAX_TESTIMONIALS && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ name: '', text: '' })}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('landingPages.blocks.addTestimonial')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </>
  );
}

function ContactsFields({ name }: BlockFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <HeadingField name={name} />
      <Form.Item name={[name, 'address']} label={t('landingPages.blocks.address')}>
        <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name={[name, 'phone']} label={t('landingPages.blocks.phone')}>
        <Input maxLength={40} inputMode="tel" />
      </Form.Item>
      <Form.Item
        name={[name, 'map_url']}
        label={t('landingPages.blocks.mapUrl')}
        extra={t('landingPages.blocks.mapUrlHelp')}
        rules={[{ pattern: /^(https:\/\/.+)?$/, message: t('landingPages.blocks.mapUrlRule') }]}
      >
        <Input maxLength={500} inputMode="url" placeholder="https://" />
      </Form.Item>
    </>
  );
}

const FIELDS_OF: Record<LandingBlockType, (props: BlockFieldsProps) => ReactNode> = {
  hero: HeroFields,
  courses: CoursesFields,
  teachers: TeachersFields,
  groups: GroupsFields,
  testimonials: TestimonialsFields,
  contacts: ContactsFields,
  lead_form: LeadFormFields,
};

/** The fields of one block, by its type. */
export function BlockFields({ name, type }: BlockFieldsProps & { type: LandingBlockType }) {
  const Fields = FIELDS_OF[type];
  return <Fields name={name} />;
}
