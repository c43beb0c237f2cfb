import type { ParentChild } from '@crm/contracts';
import { Badge, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** Past this many children the names no longer fit side by side on a phone: a list to pick from instead. */
const SIDE_BY_SIDE = 3;

/**
 * The parent's children by name, the chosen one marked; a child who owes money carries a red dot. Drawn only for
 * two children or more.
 */
export function ChildSwitcher({
  childList,
  chosen,
  onChoose,
}: {
  childList: ParentChild[];
  chosen: number;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  const options = childList.map((child) => ({
    value: child.id,
    label: (
      <Badge dot={child.balance < 0} offset={[6, 0]} title={child.balance < 0 ? t('parents.owes') : undefined}>
        {child.name}
      </Badge>
    ),
    // The plain name: what a screen reader and the list's search read.
    title: child.name,
  }));
  if (childList.length > SIDE_BY_SIDE) {
    return (
      <Select
        aria-label={t('parents.chooseChild')}
        value={chosen}
        onChange={onChoose}
        options={options}
        size="large"
        style={{ width: '100%', maxWidth: 420 }}
      />
    );
  }
  return (
    <Segmented<number>
      aria-label={t('parents.chooseChild')}
      block
      size="large"
      value={chosen}
      onChange={onChoose}
      options={options}
      style={{ maxWidth: 560 }}
    />
  );
}
