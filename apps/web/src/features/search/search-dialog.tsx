import './texts';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { AlertCircle, Clock, FileText, MessageSquare, Search, TrendingUp, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_PAGES } from '@app/shared/search/pages';
import type { SearchResult, SearchResults } from '@app/shared/search/schemas';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/features/auth/store';
import { cn } from '@/lib/cn';
import { useDebounced } from '@/lib/use-debounced';
import { plainText } from '@/features/bots/plain-text';
import { useClearRecentSearches, useRecentSearches, useRecordSearch, useSearchResults, useTrendingSearches } from './search-api';

/** bots-header-auth.md §9: the search waits 300 ms after the last keystroke. */
const DEBOUNCE_MS = 300;
const RESULT_GROUPS = ['bots', 'users', 'chats', 'pages'] as const;

type GroupKey = 'recent' | 'trending' | (typeof RESULT_GROUPS)[number];

/** One row the arrows move through: a result to open, or a query (recent, trending) to search. */
type Option =
  { kind: 'result'; key: string; group: GroupKey; result: SearchResult } | { kind: 'query'; key: string; group: GroupKey; query: string };

interface Group {
  key: GroupKey;
  options: Option[];
}

/** A docs or settings page in the reader's language (the server answers the English titles). */
function localized(result: SearchResult, language: string): SearchResult {
  if (result.type !== 'doc') return result;
  const page = SEARCH_PAGES.find((p) => p.id === result.id);
  if (!page) return result;
  const lang = language.startsWith('ru') ? 'ru' : 'en';
  return { ...result, title: page.title[lang], description: page.description[lang] };
}

function resultGroups(data: SearchResults, language: string): Group[] {
  return RESULT_GROUPS.map((key) => ({
    key,
    options: data[key].map((r): Option => ({ kind: 'result', key: `${key}:${r.id}`, group: key, result: localized(r, language) })),
  })).filter((g) => g.options.length > 0);
}

/**
 * The search dialog (bots-header-auth.md §2 "Search dialog"; issue 18 §3): one box, results in
 * groups (Bots, Users, Chats, Documentation), the recent searches and trending ones while it is
 * empty. Arrows move through every row across the groups, Enter opens, Escape closes; focus stays
 * inside (Radix) and returns to where it was. A full-screen sheet on phones.
 */
export function SearchDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const q = useDebounced(trimmed, DEBOUNCE_MS);
  const results = useSearchResults(open ? q : '');
  const recent = useRecentSearches(open && user !== null);
  const trending = useTrendingSearches();
  const record = useRecordSearch();
  const clearRecent = useClearRecentSearches();
  // The highlighted row, kept with the list it belongs to: a new list starts at its first row.
  const [cursor, setCursor] = useState<{ options: Option[] | null; index: number }>({ options: null, index: 0 });
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const groups: Group[] = useMemo(() => {
    if (trimmed === '') {
      const recentOptions: Option[] = (recent.data?.items ?? []).map((r) => ({
        kind: 'query',
        key: `recent:${r.query}`,
        group: 'recent',
        query: r.query,
      }));
      const trendingOptions: Option[] = (trending.data?.items ?? []).map((r) => ({
        kind: 'query',
        key: `trending:${r.query}`,
        group: 'trending',
        query: r.query,
      }));
      return [
        { key: 'recent' as const, options: recentOptions },
        { key: 'trending' as const, options: trendingOptions },
      ].filter((g) => g.options.length > 0);
    }
    return results.data && q !== '' ? resultGroups(results.data, i18n.language) : [];
  }, [trimmed, q, recent.data, trending.data, results.data, i18n.language]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);

  const active = cursor.options === options ? Math.min(cursor.index, Math.max(0, options.length - 1)) : 0;
  const setActive = (index: number) => setCursor({ options, index });
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const typing = trimmed !== '' && (trimmed !== q || (results.isFetching && !results.isPlaceholderData) || results.isPending);
  const waiting = trimmed !== '' && (trimmed !== q || results.isFetching);
  const failed = trimmed !== '' && !waiting && results.isError;
  const empty = trimmed !== '' && !waiting && !failed && results.isSuccess && options.length === 0;

  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === 'query') {
      setText(option.query);
      inputRef.current?.focus();
      return;
    }
    if (user && q) record.mutate(q);
    onOpenChange(false);
    void navigate(option.result.url);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + options.length) % options.length);
    } else if (e.key === 'Home' && e.ctrlKey) {
      setActive(0);
    } else if (e.key === 'End' && e.ctrlKey) {
      setActive(options.length - 1);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      choose(options[active]);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  let index = -1;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <DialogPrimitive.Content
          data-testid="search-dialog"
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            inputRef.current?.focus();
            inputRef.current?.select();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            // The next open starts empty, with the recent and trending searches.
            setText('');
            onClosed();
          }}
          className={cn(
            'fixed inset-0 z-50 flex flex-col overflow-hidden bg-card shadow-xl',
            'sm:inset-auto sm:left-1/2 sm:top-[12vh] sm:max-h-[min(36rem,76vh)] sm:w-[calc(100vw-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-xl sm:border',
          )}
        >
          <DialogPrimitive.Title className="sr-only">{t('search.title')}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <input
              ref={inputRef}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              maxLength={100}
              placeholder={t('search.placeholder')}
              aria-label={t('search.title')}
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
              data-testid="search-input"
              className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:h-12 sm:text-sm"
              autoComplete="off"
              spellCheck={false}
            />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={t('search.close')}>
                <X />
              </Button>
            </DialogPrimitive.Close>
          </div>

          <div
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('search.title')}
            className="min-h-0 flex-1 overflow-y-auto p-2 sm:max-h-[28rem]"
          >
            {typing && !results.data ? (
              <ResultsSkeleton label={t('search.loading')} />
            ) : failed ? (
              <div role="alert" className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm" data-testid="search-error">
                <AlertCircle className="size-6 text-destructive" aria-hidden="true" />
                <p>{t('search.error')}</p>
                <Button variant="outline" size="sm" onClick={() => void results.refetch()}>
                  {t('search.retry')}
                </Button>
              </div>
            ) : empty ? (
              <p className="px-4 py-10 text-center text-sm text-muted-foreground" role="status" data-testid="search-empty">
                {t('search.empty')}
              </p>
            ) : (
              groups.map((group) => (
                <div key={group.key} role="group" aria-labelledby={`${listId}-${group.key}`} className="mb-2 last:mb-0">
                  <div className="flex items-center justify-between px-2 pb-1 pt-2">
                    <span id={`${listId}-${group.key}`} className="text-xs font-medium text-muted-foreground">
                      {group.key === 'trending' && trending.data?.source === 'popular'
                        ? t('search.popularBots')
                        : t(`search.groups.${group.key}`)}
                    </span>
                    {group.key === 'recent' ? (
                      <button
                        type="button"
                        className="rounded px-1 text-xs text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                        onClick={() => clearRecent.mutate()}
                        aria-label={t('search.clearRecentLabel')}
                        data-testid="search-clear-recent"
                      >
                        {t('search.clearRecent')}
                      </button>
                    ) : null}
                  </div>
                  {group.options.map((option) => {
                    index += 1;
                    const at = index;
                    return (
                      <OptionRow
                        key={option.key}
                        id={optionId(at)}
                        option={option}
                        selected={at === active}
                        onHover={() => setActive(at)}
                        onChoose={() => choose(option)}
                      />
                    );
                  })}
                </div>
              ))
            )}
          </div>
          <div className="hidden items-center justify-between border-t px-3 py-2 text-xs text-muted-foreground sm:flex">
            <span>{t('search.hint')}</span>
            <span aria-live="polite">
              {trimmed !== '' && !waiting && options.length > 0 ? t('search.results', { count: options.length }) : ''}
            </span>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function OptionRow({
  id,
  option,
  selected,
  onHover,
  onChoose,
}: {
  id: string;
  option: Option;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const base = cn(
    'flex w-full cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-left text-sm',
    selected ? 'bg-accent text-accent-foreground' : 'text-foreground',
  );
  if (option.kind === 'query') {
    const Icon = option.group === 'recent' ? Clock : TrendingUp;
    return (
      <div
        id={id}
        role="option"
        aria-selected={selected}
        className={base}
        onMouseMove={onHover}
        onClick={onChoose}
        data-testid="search-option"
      >
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="truncate">{option.query}</span>
      </div>
    );
  }
  const r = option.result;
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      className={base}
      onMouseMove={onHover}
      onClick={onChoose}
      data-testid="search-option"
      data-url={r.url}
    >
      {r.type === 'doc' ? (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted">
          <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
        </span>
      ) : r.type === 'chat' && !r.avatarUrl ? (
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted">
          <MessageSquare className="size-4 text-muted-foreground" aria-hidden="true" />
        </span>
      ) : (
        <Avatar src={r.avatarUrl} name={r.title} className="size-8" decorative />
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{r.title}</span>
        {r.description ? (
          <span className="block truncate text-xs text-muted-foreground">
            {/* A bot's description and a chat's message are Markdown: shown as their words, as on the cards (a user's @name and a page's text as they are). */}
            {r.type === 'bot'
              ? plainText(r.description, { char: r.title, user: t('search.macroUser') })
              : r.type === 'chat'
                ? plainText(r.description)
                : r.description}
          </span>
        ) : null}
      </span>
      {r.badges.length > 0 ? (
        <span className="hidden shrink-0 gap-1 min-[400px]:flex">
          {r.badges.map((b) => (
            <Badge key={b} variant="secondary" className="text-[10px]">
              {t(`search.badges.${b}`, { defaultValue: b })}
            </Badge>
          ))}
        </span>
      ) : null}
    </div>
  );
}

function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} data-testid="search-loading" className="space-y-1 p-1">
      <Skeleton className="mb-2 ml-1 h-3 w-16" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-3 px-1 py-2">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}
