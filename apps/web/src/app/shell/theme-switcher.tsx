import { BgColorsOutlined } from '@ant-design/icons';
import { isTheme, THEMES } from '@crm/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useThemeChoice } from '../theme/preferences-provider';
import { splitTheme, THEME_PRIMARY } from '../theme/theme-config';

export function ThemeSwitcher() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeChoice();
  const items = THEMES.map((option) => {
    const [mode, color] = splitTheme(option);
    return {
      key: option,
      icon: (
        <span
          style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: THEME_PRIMARY[color] }}
        />
      ),
      label: `${t(`themes.${mode}`)}, ${t(`themes.${color}`)}`,
    };
  });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [theme],
        onClick: ({ key }) => isTheme(key) && setTheme(key),
      }}
    >
      <Button type="text" icon={<BgColorsOutlined />} aria-label={t('header.theme')} title={t('header.theme')} />
    </Dropdown>
  );
}
