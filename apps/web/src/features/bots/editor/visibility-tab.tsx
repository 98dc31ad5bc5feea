import { AlertTriangle, Globe, Link2, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BOT_MESSAGES } from '@app/shared/bots/messages';
import { BOT_VISIBILITIES } from '@app/shared/bots/schemas';
import { Alert } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { publicBlockers } from './public-blockers';
import type { Editor } from './use-editor';
import './texts';

const ICONS = { private: Lock, unlisted: Link2, public: Globe };

/** Visibility: private, unlisted or public, the NSFW flag, and the non-blocking warnings of §5. */
export function VisibilityTab({
  editor,
  canChangeVisibility,
  hasPendingAvatar,
}: {
  editor: Editor;
  canChangeVisibility: boolean;
  hasPendingAvatar: boolean;
}) {
  const { t } = useTranslation();
  const { draft } = editor;
  // A chosen file is the image of a new bot, uploaded on the first save.
  const warnings = editor.validation.warnings.filter((w) => !(hasPendingAvatar && w === BOT_MESSAGES.warnNoImage));
  // Public is offered only once the publish rules are met; a bot already public keeps its choice and is told why a save fails.
  const blockers = publicBlockers(draft, hasPendingAvatar);
  const publicBlocked = blockers.length > 0 && draft.visibility !== 'public';
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-3" disabled={!canChangeVisibility}>
        <legend className="mb-2 text-sm font-medium">{t('botEditor.visibility')}</legend>
        <div className="grid gap-3 sm:grid-cols-3" role="radiogroup" aria-label={t('botEditor.visibility')}>
          {BOT_VISIBILITIES.map((v) => {
            const Icon = ICONS[v];
            const checked = draft.visibility === v;
            const blocked = v === 'public' && publicBlocked;
            return (
              <label
                key={v}
                className={cn(
                  'grid cursor-pointer content-start gap-1 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
                  checked ? 'border-primary bg-primary/5' : 'hover:bg-accent/50',
                  (!canChangeVisibility || blocked) && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="radio"
                  name="visibility"
                  value={v}
                  checked={checked}
                  onChange={() => editor.set('visibility', v)}
                  disabled={blocked}
                  aria-describedby={v === 'public' && blockers.length ? 'public-blockers' : undefined}
                  className="sr-only"
                  data-testid={`visibility-${v}`}
                />
                <span className="flex items-center gap-2 font-medium">
                  <Icon className="size-4" />
                  {t(`botDetail.visibility.${v}`)}
                </span>
                <span className="text-xs text-muted-foreground">{t(`botEditor.visibilityHelp.${v}`)}</span>
              </label>
            );
          })}
        </div>
        {canChangeVisibility && blockers.length ? (
          <div id="public-blockers" className="grid gap-1 text-xs text-muted-foreground" data-testid="public-blockers">
            <p className="font-medium text-foreground">{t('botEditor.publicNeeds')}</p>
            <ul className="grid gap-0.5">
              {blockers.map((b) => (
                <li key={b}>• {translateMessage(b)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {!canChangeVisibility ? <p className="text-xs text-muted-foreground">{t('botEditor.ownerOnlyVisibility')}</p> : null}
        {editor.errorOf('visibility') ? (
          <p className="text-xs font-medium text-destructive">{translateMessage(editor.errorOf('visibility')!)}</p>
        ) : null}
      </fieldset>
      <div className="flex items-center justify-between gap-3 rounded-lg border p-4">
        <div className="grid gap-1">
          <Label htmlFor="bot-nsfw">{t('botEditor.nsfw')}</Label>
          <p className="text-xs text-muted-foreground">{t('botEditor.nsfwHint')}</p>
        </div>
        <Switch id="bot-nsfw" checked={draft.nsfw} onCheckedChange={(on) => editor.set('nsfw', on)} />
      </div>
      {warnings.length ? (
        <Alert className="border-amber-500/40 bg-amber-500/10" data-testid="draft-warnings">
          <AlertTriangle className="text-amber-600" />
          <ul className="grid gap-1 text-sm">
            {warnings.map((w) => (
              <li key={w}>{translateMessage(w)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}
