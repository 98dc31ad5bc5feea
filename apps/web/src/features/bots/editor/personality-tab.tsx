import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BOT_LIMITS } from '@app/shared/bots/constants';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Field } from './field';
import type { Editor } from './use-editor';
import './texts';

/** Personality: what goes into the prompt, the opening message and its alternatives, and notes for people. */
export function PersonalityTab({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const { draft } = editor;
  const text = (
    field: 'personality' | 'scenario' | 'firstMessage' | 'exampleMessages' | 'systemPrompt' | 'creatorNotes',
    rows: number,
    hint?: string,
  ) => (
    <Field label={t(`botEditor.${field}`)} error={editor.errorOf(field)} hint={hint}>
      {(p) => (
        <Textarea
          {...p}
          rows={rows}
          value={draft[field]}
          onChange={(e) => editor.set(field, e.target.value)}
          onBlur={() => editor.touch(field)}
          placeholder={t(`botEditor.${field}Placeholder`)}
          data-testid={`bot-${field}`}
        />
      )}
    </Field>
  );
  const greetings = draft.alternateGreetings;
  return (
    <div className="grid gap-5">
      {text('personality', 5, t('botEditor.personalityHint'))}
      {text('scenario', 3, t('botEditor.scenarioHint'))}
      {text('firstMessage', 3, t('botEditor.macrosHint'))}
      <div className="grid gap-2">
        <Label>{t('botEditor.alternateGreetings')}</Label>
        <p className="text-xs text-muted-foreground">{t('botEditor.alternateGreetingsHint')}</p>
        {greetings.map((greeting, i) => (
          <div key={i} className="flex gap-2">
            <Textarea
              rows={2}
              value={greeting}
              aria-label={t('botEditor.alternateGreetingN', { n: i + 1 })}
              onChange={(e) =>
                editor.set(
                  'alternateGreetings',
                  greetings.map((g, j) => (j === i ? e.target.value : g)),
                )
              }
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('botEditor.removeGreeting', { n: i + 1 })}
              onClick={() =>
                editor.set(
                  'alternateGreetings',
                  greetings.filter((_, j) => j !== i),
                )
              }
            >
              <X />
            </Button>
          </div>
        ))}
        {greetings.length < BOT_LIMITS.alternateGreetingsMax ? (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => editor.set('alternateGreetings', [...greetings, ''])}
          >
            <Plus />
            {t('botEditor.addGreeting')}
          </Button>
        ) : null}
        {editor.errorOf('alternateGreetings') ? (
          <p className="text-xs font-medium text-destructive">{editor.errorOf('alternateGreetings')}</p>
        ) : null}
      </div>
      {text('exampleMessages', 5, t('botEditor.exampleMessagesHint'))}
      {text('systemPrompt', 3, t('botEditor.systemPromptHint'))}
      {text('creatorNotes', 3, t('botEditor.creatorNotesHint'))}
    </div>
  );
}
