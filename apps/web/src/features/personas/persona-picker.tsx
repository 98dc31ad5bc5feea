import { RefreshCw, Settings2, VenetianMask } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '@app/shared/app/routes';
import type { Chat } from '@app/shared/chats/schemas';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuthStore } from '@/features/auth/store';
import { translateMessage } from '@/lib/messages';
import { useChatPersona, usePersonas } from './api';
import './texts';

const DEFAULT = 'default';

/**
 * The chat header's "Speaking as": the persona the user is in this chat (issue 20 §2), their
 * default one unless they pick another here; the next reply uses it.
 */
export function PersonaPicker({ chat, onChanged }: { chat: Chat; onChanged(chat: Chat): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const displayName = useAuthStore((s) => s.session?.user.displayName ?? '');
  const personas = usePersonas();
  const choose = useChatPersona(onChanged);
  const items = personas.data?.items ?? [];
  const fallback = items.find((p) => p.isDefault)?.name ?? displayName;
  // A persona deleted since the chat was read speaks as the default, as the server has it.
  const chosen = items.find((p) => p.id === chat.personaId);
  const current = chosen?.name ?? fallback;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('personas.picker.label', { name: current })} data-testid="persona-picker">
          <VenetianMask />
          <span className="hidden max-w-32 truncate sm:inline">{current}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>{t('personas.picker.title')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={chosen?.id ?? DEFAULT}
          onValueChange={(value) =>
            choose.mutate(
              { chatId: chat.id, personaId: value === DEFAULT ? null : value },
              { onError: (err) => toast.error(translateMessage(err.message)) },
            )
          }
        >
          <DropdownMenuRadioItem value={DEFAULT} disabled={choose.isPending}>
            <span className="truncate">{t('personas.picker.default', { name: fallback })}</span>
          </DropdownMenuRadioItem>
          {items.map((p) => (
            <DropdownMenuRadioItem key={p.id} value={p.id} disabled={choose.isPending}>
              <span className="truncate">{p.name}</span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        {personas.isError ? (
          <DropdownMenuItem onSelect={() => void personas.refetch()}>
            <RefreshCw />
            {t('personas.picker.loadFailed')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(ROUTES.personas)}>
          <Settings2 />
          {items.length === 0 ? t('personas.picker.create') : t('personas.picker.manage')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
