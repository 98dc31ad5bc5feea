import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@app/shared/app/constants';
import type { BotSummary } from '@app/shared/bots/schemas';
import { SearchInput } from '@/components/search-input';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyBots, usePublicBots } from '@/features/bots/api';
import { useDebounced } from '@/lib/use-debounced';
import './texts';

/**
 * Characters to pick for a group chat: the user's own first, then public ones, found by name as
 * they type. `picked` are marked; `onPick` toggles one (or adds it, where nothing is marked).
 */
export function BotPicker({ picked, onPick, disabled }: { picked: string[]; onPick(bot: BotSummary): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const mine = useMyBots({ q: q || undefined, page: 1, limit: 6 });
  const publicBots = usePublicBots({ q: q || undefined, page: 1, limit: 8 });
  const seen = new Set<string>();
  const bots = [...(mine.data?.items ?? []), ...(publicBots.data?.items ?? [])].filter((b) => !seen.has(b.id) && seen.add(b.id));
  const loading = mine.isPending || publicBots.isPending;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <SearchInput value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('chatGroups.search')} />
      {loading ? (
        <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      ) : bots.length === 0 ? (
        <p className="p-3 text-center text-sm text-muted-foreground">{t('chatGroups.noMatch')}</p>
      ) : (
        <ul className="grid max-h-64 grid-cols-[minmax(0,1fr)] gap-1 overflow-y-auto" data-testid="bot-picker">
          {bots.map((bot) => {
            const on = picked.includes(bot.id);
            return (
              <li key={bot.id}>
                <Button
                  type="button"
                  variant={on ? 'secondary' : 'ghost'}
                  className="h-auto w-full justify-start gap-3 py-1.5"
                  aria-pressed={on}
                  disabled={disabled}
                  onClick={() => onPick(bot)}
                >
                  <Avatar src={bot.avatarUrl} name={bot.name} className="size-8" decorative />
                  <span className="min-w-0 flex-1 truncate text-left">{bot.name}</span>
                  {on ? <Check aria-hidden /> : <Plus aria-hidden />}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
