import { useTranslation } from 'react-i18next';
import { BOT_LIMITS } from '@app/shared/bots/constants';
import { parseTagInput } from '@app/shared/bots/validation';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useCategories } from '../api';
import { CategoryOptions } from '../components/category-options';
import { AvatarField } from './avatar-field';
import { Counter, Field } from './field';
import type { Editor } from './use-editor';
import './texts';

interface BasicTabProps {
  editor: Editor;
  tagText: string;
  botId?: string;
  pendingAvatar: File | null;
  onPendingAvatar(file: File | null): void;
}

/** Basic Info: name, description, category, tags and the avatar. */
export function BasicTab({ editor, tagText, botId, pendingAvatar, onPendingAvatar }: BasicTabProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const { draft } = editor;
  return (
    <div className="grid gap-5">
      <Field label={t('botEditor.name')} error={editor.errorOf('name')} aside={<Counter value={draft.name} max={BOT_LIMITS.nameMax} />}>
        {(p) => (
          <Input
            {...p}
            value={draft.name}
            onChange={(e) => editor.set('name', e.target.value)}
            onBlur={() => editor.touch('name')}
            placeholder={t('botEditor.namePlaceholder')}
            data-testid="bot-name"
          />
        )}
      </Field>
      <Field
        label={t('botEditor.description')}
        error={editor.errorOf('description')}
        hint={t('botEditor.descriptionHint')}
        aside={<Counter value={draft.description} min={BOT_LIMITS.descriptionMin} max={BOT_LIMITS.descriptionMax} />}
      >
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            value={draft.description}
            onChange={(e) => editor.set('description', e.target.value)}
            onBlur={() => editor.touch('description')}
            placeholder={t('botEditor.descriptionPlaceholder')}
            data-testid="bot-description"
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('botEditor.category')} error={editor.errorOf('category')}>
          {(p) => (
            <Select value={draft.category} onValueChange={(v) => editor.set('category', v)}>
              <SelectTrigger {...p}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <CategoryOptions categories={categories.data?.items ?? [{ id: draft.category, name: draft.category, icon: 'sparkles' }]} />
              </SelectContent>
            </Select>
          )}
        </Field>
        <Field label={t('botEditor.tags')} error={editor.errorOf('tags')} hint={t('botEditor.tagsHint')}>
          {(p) => (
            <Input
              {...p}
              value={tagText}
              onChange={(e) => {
                editor.setTagText(e.target.value);
                editor.set('tags', parseTagInput(e.target.value));
              }}
              placeholder={t('botEditor.tagsPlaceholder')}
              data-testid="bot-tags"
            />
          )}
        </Field>
      </div>
      <AvatarField
        name={draft.name}
        imageUrl={draft.imageUrl}
        botId={botId}
        pendingFile={pendingAvatar}
        onPendingFile={onPendingAvatar}
        onUploaded={(url) => editor.set('imageUrl', url)}
      />
    </div>
  );
}
