import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CARD_RATING } from '@app/shared/app/constants';
import type { BotDraft } from '@app/shared/bots/validation';
import { ChatBubble } from '@/components/chat-bubble';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/features/auth/store';
import { useCategories } from '../api';
import { CategoryIcon } from '../components/category-icon';
import { useFillNames } from '../use-fill-names';
import { plainText } from '../plain-text';
import './texts';

/** What people will see: the card in Explore and the chat's opening message, updated as the draft changes. */
export function DraftPreview({ draft, imageUrl }: { draft: BotDraft; imageUrl: string | null }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const category = useCategories().data?.items.find((c) => c.id === draft.category);
  const name = draft.name.trim() || t('botEditor.previewUnnamed');
  const fill = useFillNames(name);
  return (
    <div className="grid gap-4" data-testid="draft-preview">
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t('botEditor.previewCard')}</p>
      <Card className="grid gap-3 p-4">
        <div className="flex gap-3">
          <Avatar src={imageUrl} name={name} className="size-14 rounded-xl" />
          <div className="grid min-w-0 content-start gap-1">
            <h3 className="line-clamp-2 break-words font-semibold">{name}</h3>
            <p className="text-xs text-muted-foreground">{t('botCard.by', { name: user?.displayName ?? '' })}</p>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <Star className="size-3.5 fill-amber-400 text-amber-400" />
              {DEFAULT_CARD_RATING.toFixed(1)}
            </span>
          </div>
        </div>
        <p className="line-clamp-2 text-sm text-muted-foreground">
          {draft.description ? plainText(draft.description, { char: name, user: t('botDetail.you') }) : t('botEditor.previewNoDescription')}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {category ? (
            <Badge variant="secondary">
              <CategoryIcon icon={category.icon} />
              {t(`categories.${category.id}`, { defaultValue: category.name })}
            </Badge>
          ) : null}
          {draft.tags.slice(0, 3).map((tag) => (
            <Badge key={tag} variant="outline" className="font-normal">
              #{tag}
            </Badge>
          ))}
          {draft.nsfw ? <Badge variant="destructive">NSFW</Badge> : null}
        </div>
      </Card>
      <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t('botEditor.previewOpening')}</p>
      <div className="flex gap-3">
        <Avatar src={imageUrl} name={name} className="size-8" />
        <ChatBubble className="min-w-0" data-testid="preview-opening" text={fill(draft.firstMessage || '…')} />
      </div>
    </div>
  );
}
