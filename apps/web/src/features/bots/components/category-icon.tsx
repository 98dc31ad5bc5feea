import type { LucideIcon } from 'lucide-react';
import { BookOpen, Bot, Drama, GraduationCap, MessageCircle, Palette, Sparkles, Zap } from 'lucide-react';

/** The category icon map of bots-header-auth.md §2 (the server sends lucide names). */
const ICONS: Record<string, LucideIcon> = {
  bot: Bot,
  'book-open': BookOpen,
  palette: Palette,
  'graduation-cap': GraduationCap,
  drama: Drama,
  zap: Zap,
  sparkles: Sparkles,
  'message-circle': MessageCircle,
};

export function CategoryIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Sparkles;
  return <Icon className={className} aria-hidden="true" />;
}
