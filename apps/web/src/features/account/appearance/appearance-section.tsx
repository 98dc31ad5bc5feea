import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, THEMES, type Language } from '@app/shared/app/constants';
import { SETTINGS_FAILURES } from '@app/shared/settings/messages';
import { FONT_SIZES, type AppearancePatch, type AppearanceSettings } from '@app/shared/account/sections';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { LANGUAGE_NAMES } from '@/lib/i18n';
import { applyDisplayOptions, applyTheme, useThemeStore } from '@/lib/theme';
import { SaveBar } from '@/components/settings/save-bar';
import { SectionSkeleton } from '@/components/settings/section-skeleton';
import { SettingsError } from '@/components/settings/settings-error';
import { SettingSwitch } from '@/components/settings/setting-switch';
import { SectionResetButton } from '../transfer/section-reset-button';
import { useAppearance, useResetAppearance, useSaveAppearance } from './appearance-api';
import './texts';

/** /settings/appearance (settings-and-referrals.md §2–§4): theme, language, font size, compact mode, animations. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const appearance = useAppearance();
  if (appearance.isPending) return <SectionSkeleton cards={2} rows={3} />;
  if (appearance.isError)
    return (
      <div className="grid gap-3">
        <SettingsError error={appearance.error} fallback={SETTINGS_FAILURES.appearance} />
        <Button variant="outline" className="justify-self-start" onClick={() => void appearance.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  return <AppearanceForm saved={appearance.data} />;
}

/** Shows `values` on the page without saving them (the preview while editing). */
function preview(values: AppearanceSettings) {
  applyTheme(values.theme);
  applyDisplayOptions(values);
}

function AppearanceForm({ saved }: { saved: AppearanceSettings }) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<AppearancePatch>({});
  const draft: AppearanceSettings = { ...saved, ...touched };
  const save = useSaveAppearance();
  const reset = useResetAppearance();
  const changed = (Object.keys(draft) as (keyof AppearanceSettings)[]).filter((k) => draft[k] !== saved[k]);
  const dirty = changed.length > 0;

  // Live preview of the draft; leaving the section without saving puts the saved look back.
  const { theme, fontSize, compactMode, showAnimations } = draft;
  useEffect(() => {
    preview({ ...saved, theme, fontSize, compactMode, showAnimations });
  }, [saved, theme, fontSize, compactMode, showAnimations]);
  useEffect(
    () => () => {
      applyTheme(useThemeStore.getState().theme);
      applyDisplayOptions(saved);
    },
    [saved],
  );

  const set = <K extends keyof AppearanceSettings>(key: K, value: AppearanceSettings[K]) => setTouched((d) => ({ ...d, [key]: value }));

  const onSave = () => {
    const { language, ...rest } = Object.fromEntries(changed.map((k) => [k, draft[k]])) as AppearancePatch;
    save.mutate({ patch: rest, language: (language as Language | undefined) ?? null }, { onSuccess: () => setTouched({}) });
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('settingsAppearance.intro')}</p>
        <SectionResetButton pending={reset.isPending} onReset={() => reset.mutateAsync().then(() => setTouched({}))} />
      </div>
      <SettingsError
        error={save.error ?? reset.error}
        fallback={
          reset.error ? SETTINGS_FAILURES.resetSection : touched.language ? SETTINGS_FAILURES.changeLanguage : SETTINGS_FAILURES.appearance
        }
      />

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsAppearance.look.title')}</CardTitle>
          <CardDescription>{t('settingsAppearance.look.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Choice
            id="appearance-theme"
            label={t('settingsAppearance.theme')}
            value={draft.theme}
            options={THEMES.map((v) => [v, t(`theme.${v}`)])}
            onChange={(v) => set('theme', v as AppearanceSettings['theme'])}
          />
          <Choice
            id="appearance-font-size"
            label={t('settingsAppearance.fontSize.label')}
            value={draft.fontSize}
            options={FONT_SIZES.map((v) => [v, t(`settingsAppearance.fontSize.${v}`)])}
            onChange={(v) => set('fontSize', v as AppearanceSettings['fontSize'])}
          />
          <SettingSwitch
            label={t('settingsAppearance.compactMode.label')}
            description={t('settingsAppearance.compactMode.description')}
            checked={draft.compactMode}
            onCheckedChange={(v) => set('compactMode', v)}
          />
          <SettingSwitch
            label={t('settingsAppearance.animations.label')}
            description={t('settingsAppearance.animations.description')}
            checked={draft.showAnimations}
            onCheckedChange={(v) => set('showAnimations', v)}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('settingsAppearance.language.title')}</CardTitle>
          <CardDescription>{t('settingsAppearance.language.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Choice
            id="appearance-language"
            label={t('settingsAppearance.language.label')}
            value={draft.language}
            options={LANGUAGES.map((v) => [v, LANGUAGE_NAMES[v]])}
            onChange={(v) => set('language', v as Language)}
          />
        </CardContent>
      </Card>

      <SaveBar
        dirty={dirty}
        saving={save.isPending}
        onSave={onSave}
        onCancel={() => {
          setTouched({});
          save.reset();
        }}
      />
    </div>
  );
}

function Choice({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange(v: string): void;
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([v, text]) => (
            <SelectItem key={v} value={v}>
              {text}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
