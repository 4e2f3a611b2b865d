import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../lib/theme/theme-context';
import { iconButton } from './button-styles';
import { SvgIcon } from './svg-icon';

/** Switches between dark and light; the label names the theme it switches to. */
export function ThemeToggle({
  className = '',
  testId = 'theme-toggle',
}: {
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={label}
      title={label}
      data-testid={testId}
      className={`${iconButton} ${className}`}
    >
      <SvgIcon icon={theme === 'dark' ? Sun : Moon} />
    </button>
  );
}
