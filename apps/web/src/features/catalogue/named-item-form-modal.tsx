import { Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../shared/forms/field-rules';
import { CatalogueFormModal, type CatalogueTarget } from './catalogue-form-modal';
import {
  type NamedCatalogueSpec,
  type NamedInput,
  type NamedItem,
  type NameField,
  named,
  wordOf,
} from './named-catalogue';

type Values<F extends NameField> = Record<F, string> & { active: boolean };

/** Adds or renames a row of a named catalogue (and, where the page allows, switches it on or off). */
export function NamedItemFormModal<F extends NameField, Item extends NamedItem & Record<F, string>>({
  spec,
  target,
  onClose,
}: {
  spec: NamedCatalogueSpec<F>;
  target: CatalogueTarget<Item> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const word = wordOf(t, spec);
  const { nameField, activeInForm } = spec;

  const toInput = (values: Values<F>, editing: Item | null): NamedInput<F> => {
    const name = named(nameField, values[nameField].trim());
    if (activeInForm) return { ...name, active: values.active };
    // Without the switch a rename keeps the row as it is, and a new row is left to the server's default.
    return editing ? { ...name, active: editing.active } : name;
  };

  return (
    <CatalogueFormModal<Item, Values<F>, NamedInput<F>>
      target={target}
      onClose={onClose}
      writes={spec.writes}
      title={{ create: word('createTitle'), edit: word('editTitle') }}
      saved={{ create: word('created'), edit: word('updated') }}
      initialValues={(editing) =>
        ({ ...named(nameField, editing ? editing[nameField] : ''), active: editing?.active ?? true }) as Values<F>
      }
      toInput={toInput}
      fields={activeInForm ? [nameField, 'active'] : [nameField]}
      ruleWords={spec.ruleWords}
    >
      <Form.Item name={nameField as string} label={word('name')} required rules={[schemaRule(t, spec.nameSchema)]}>
        <Input autoFocus autoComplete="off" />
      </Form.Item>
      {activeInForm && (
        <Form.Item name="active" label={word('active')} extra={word('activeHint')}>
          <Switch />
        </Form.Item>
      )}
    </CatalogueFormModal>
  );
}
