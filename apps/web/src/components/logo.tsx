import { MessageCircleHeart } from 'lucide-react';
import { Link } from 'react-router';
import { APP_NAME } from '@app/shared/app/constants';
import { cn } from '@/lib/cn';

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 text-lg font-bold tracking-tight', className)} aria-label={APP_NAME}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-violet-500 to-pink-500 text-white shadow-sm">
        <MessageCircleHeart className="size-5" />
      </span>
      <span className="bg-gradient-to-r from-violet-600 to-pink-500 bg-clip-text text-transparent dark:from-violet-400 dark:to-pink-400">
        {APP_NAME}
      </span>
    </Link>
  );
}
