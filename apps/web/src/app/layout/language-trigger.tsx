import type { ComponentProps } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors [&_svg]:size-[18px] [&_svg]:shrink-0',
    isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
  );

/** The sidebar's language button: the menu's trigger, and its look-alike while the menu loads. */
export function LanguageTrigger({ className, ...props }: ComponentProps<'button'>) {
  const { t, i18n } = useTranslation();
  return (
    <button type="button" className={cn(linkClass({ isActive: false }), 'w-full text-left', className)} {...props}>
      <Languages />
      <span className="flex-1">{t('nav.language')}</span>
      <span className="text-xs uppercase">{i18n.language}</span>
    </button>
  );
}
