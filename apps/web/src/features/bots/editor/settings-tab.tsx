import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOT_LIMITS, RESPONSE_STYLES } from '@app/shared/bots/constants';
import type { BotSettings } from '@app/shared/bots/validation';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Slider } from '@/components/ui/slider';
import { Switch } from '@/components/ui/switch';
import type { Editor } from './use-editor';
import './texts';

type NumericSetting = 'temperature' | 'maxTokens' | 'topP' | 'frequencyPenalty' | 'presencePenalty';
const SLIDERS: { key: NumericSetting; min: number; max: number; step: number }[] = [
  { key: 'temperature', ...BOT_LIMITS.temperature },
  { key: 'maxTokens', ...BOT_LIMITS.maxTokens },
  { key: 'topP', ...BOT_LIMITS.topP },
  { key: 'frequencyPenalty', ...BOT_LIMITS.penalty },
  { key: 'presencePenalty', ...BOT_LIMITS.penalty },
];
const SWITCHES: (keyof Pick<BotSettings, 'memoryEnabled' | 'allowVoice' | 'allowImages' | 'allowVideos'>)[] = [
  'memoryEnabled',
  'allowVoice',
  'allowImages',
  'allowVideos',
];

/** Settings: the model's sliders (§9 ranges and defaults), the reply style, memory and media switches. */
export function SettingsTab({ editor }: { editor: Editor }) {
  const { t, i18n } = useTranslation();
  const settings = editor.draft.settings;
  const format = (v: number, step: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: step < 1 ? 2 : 0 });
  return (
    <div className="grid gap-6">
      {SLIDERS.map(({ key, min, max, step }) => (
        <div key={key} className="grid gap-2">
          <div className="flex items-center justify-between">
            <Label id={`setting-${key}`}>{t(`botEditor.settings.${key}`)}</Label>
            <span className="rounded-md bg-muted px-2 py-0.5 text-sm tabular-nums">{format(settings[key], step)}</span>
          </div>
          <Slider
            aria-labelledby={`setting-${key}`}
            aria-label={t(`botEditor.settings.${key}`)}
            min={min}
            max={max}
            step={step}
            value={[settings[key]]}
            // Steps of 0.1 add up to 0.30000000000000004: round to the step's decimals.
            onValueChange={([v]) => editor.setSettings({ [key]: Math.round((v ?? min) * 100) / 100 })}
            data-testid={`slider-${key}`}
          />
          <p className="text-xs text-muted-foreground">{t(`botEditor.settings.${key}Hint`)}</p>
        </div>
      ))}
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="response-style">{t('botEditor.settings.responseStyle')}</Label>
          <Select
            value={settings.responseStyle}
            onValueChange={(v) => editor.setSettings({ responseStyle: v as BotSettings['responseStyle'] })}
          >
            <SelectTrigger id="response-style">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RESPONSE_STYLES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`botEditor.settings.styles.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="context-length">{t('botEditor.settings.contextLength')}</Label>
          <ContextLengthInput value={settings.contextLength} onChange={(contextLength) => editor.setSettings({ contextLength })} />
          <p id="context-length-hint" className="text-xs text-muted-foreground">
            {t('botEditor.settings.contextLengthHint')}
          </p>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {SWITCHES.map((key) => (
          <div key={key} className="flex items-center justify-between gap-3 rounded-lg border p-3">
            <Label htmlFor={`switch-${key}`} className="leading-snug">
              {t(`botEditor.settings.${key}`)}
            </Label>
            <Switch id={`switch-${key}`} checked={settings[key]} onCheckedChange={(on) => editor.setSettings({ [key]: on })} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * 1 to 100 messages: the box keeps what is typed (an empty box while retyping), takes each whole number in range at
 * once, and snaps back into range when left.
 */
function ContextLengthInput({ value, onChange }: { value: number; onChange(value: number): void }) {
  const { min, max } = BOT_LIMITS.contextLength;
  const [text, setText] = useState(String(value));
  const [prop, setProp] = useState(value);
  if (prop !== value) {
    // Changed from outside (a restored version): show the new value.
    setProp(value);
    setText(String(value));
  }
  return (
    <Input
      id="context-length"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={text}
      aria-describedby="context-length-hint"
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value !== '' && Number.isInteger(n) && n >= min && n <= max) {
          setProp(n);
          onChange(n);
        }
      }}
      onBlur={() => {
        const n = Math.round(Number(text));
        const next = text === '' || !Number.isFinite(n) ? value : Math.min(max, Math.max(min, n));
        setText(String(next));
        setProp(next);
        if (next !== value) onChange(next);
      }}
    />
  );
}
