import { MoreOutlined } from '@ant-design/icons';
import type { Lead } from '@crm/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardActions, MoveOption } from './card-actions';

const placeKey = (option: Pick<MoveOption, 'column' | 'sectionId'>) =>
  `move:${option.column}:${option.sectionId ?? ''}`;

/**
 * A card's menu: open, "Move to…" (the accessible and phone alternative to dragging: every column and
 * section), another branch, make a student (cards in "set"), archive.
 */
export function CardMenu({ lead, actions, places }: { lead: Lead; actions: CardActions; places: MoveOption[] }) {
  const { t } = useTranslation();
  const here = placeKey({ column: lead.column, sectionId: lead.section_id });
  const items: MenuProps['items'] = [
    { key: 'open', label: t('leads.card.open') },
    // A group, not a submenu: a submenu opens sideways, off the edge of a phone's screen.
    {
      type: 'group' as const,
      key: 'move',
      label: t('leads.card.moveTo'),
      children: places.map((place) => ({
        key: placeKey(place),
        label: place.label,
        disabled: placeKey(place) === here,
      })),
    },
    ...(actions.toBranch ? [{ key: 'branch', label: t('leads.card.toBranch') }] : []),
    ...(actions.toStudent && lead.column === 'set' ? [{ key: 'student', label: t('leads.card.toStudent') }] : []),
    { type: 'divider' as const },
    { key: 'archive', label: t('leads.card.archive'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'open') actions.open(lead);
    else if (key === 'branch') actions.toBranch?.(lead);
    else if (key === 'student') actions.toStudent?.(lead);
    else if (key === 'archive') actions.archive(lead);
    else {
      const place = places.find((option) => placeKey(option) === key);
      if (place) actions.moveTo(lead, { column: place.column, sectionId: place.sectionId, afterUuid: null });
    }
  };
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick, style: { maxHeight: '60vh', overflowY: 'auto' } }}>
      <Button
        size="small"
        type="text"
        icon={<MoreOutlined />}
        aria-label={t('leads.card.actionsFor', { name: lead.name })}
        title={t('leads.card.actions')}
      />
    </Dropdown>
  );
}
