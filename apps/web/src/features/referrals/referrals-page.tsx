import {
  Check,
  Copy,
  DollarSign,
  Gift,
  Info,
  Share2,
  ShieldCheck,
  TrendingUp,
  UserCheck,
  UserPlus,
  Users,
  Clock,
  Coins,
} from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { shareText, type ShareTarget } from '@app/shared/referrals/rules';
import type { ReferralActivity } from '@app/shared/referrals/schemas';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { activityLine } from './activity-line';
import { useGenerateReferralCode, useReferralConfig, useReferralDashboard } from './api';
import { copyText, openSharePopup } from './share';
import './texts';

const SHARE_BUTTONS: ShareTarget[] = ['twitter', 'facebook', 'telegram', 'whatsapp'];

/** /referrals: the Referral Program panel (settings-and-referrals.md §2, gamification.md §2.1). */
export function ReferralsPage() {
  const { t, i18n } = useTranslation();
  const dashboard = useReferralDashboard();
  const config = useReferralConfig();
  const generate = useGenerateReferralCode();
  const [copied, setCopied] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  // The language's own percent: "100.0%" in English, "100,0 %" in Russian.
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  const header = <PageHeader icon={Gift} title={t('referrals.title')} subtitle={t('referrals.intro')} />;

  if (dashboard.isPending || config.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-5" aria-busy="true" data-testid="referrals-loading">
        {header}
        <Skeleton className="h-36" />
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (dashboard.isError || config.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-5">
        {header}
        <Alert variant="destructive">
          <Info aria-hidden />
          <div className="grid gap-2">
            <p>{t('referrals.loadFailed')}</p>
            <Button
              variant="outline"
              size="sm"
              className="w-fit"
              onClick={() => {
                void dashboard.refetch();
                void config.refetch();
              }}
            >
              {t('referrals.retry')}
            </Button>
          </div>
        </Alert>
      </div>
    );
  }

  const stats = dashboard.data;
  const settings = config.data;
  const text = shareText(settings.registrationBonus);
  const tokens = (n: number) => t('referrals.tokens', { count: n, value: number.format(n) });

  const copy = async () => {
    if (!stats.referralLink) return;
    const ok = await copyText(stats.referralLink);
    console.info(ok ? 'Referral link copied' : 'Referral link could not be copied');
    setCopied(ok);
    if (ok) setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-5">
      {header}

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Share2 className="size-5" aria-hidden />
            {t('referrals.yourLink')}
          </CardTitle>
          <CardDescription>{t('referrals.yourLinkHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {stats.referralCode && stats.referralLink ? (
            <>
              <div className="flex gap-2">
                <Input
                  readOnly
                  value={stats.referralLink}
                  aria-label={t('referrals.linkLabel')}
                  data-testid="referral-link"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button variant="outline" onClick={() => void copy()} aria-label={t('referrals.copy')}>
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                  <span className="hidden sm:inline">{copied ? t('referrals.copied') : t('referrals.copy')}</span>
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">
                {t('referrals.code')}:{' '}
                <span className="font-mono font-semibold text-foreground" data-testid="referral-code">
                  {stats.referralCode}
                </span>
              </p>
              <div className="flex flex-wrap gap-2" role="group" aria-label={t('referrals.share')}>
                {SHARE_BUTTONS.map((target) => (
                  <Button key={target} variant="secondary" size="sm" onClick={() => openSharePopup(target, stats.referralLink!, text)}>
                    {t(`referrals.targets.${target}`)}
                  </Button>
                ))}
              </div>
            </>
          ) : (
            <>
              <Alert>
                <Info aria-hidden />
                {t('referrals.noCode')}
              </Alert>
              {generate.isError ? <Alert variant="destructive">{t('referrals.generateFailed')}</Alert> : null}
              <Button className="w-fit" disabled={generate.isPending} onClick={() => generate.mutate()}>
                <Gift aria-hidden />
                {generate.isPending ? t('referrals.generating') : t('referrals.generate')}
              </Button>
            </>
          )}
        </CardContent>
      </Card>

      <section aria-label={t('referrals.statistics')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          icon={Users}
          label={t('referrals.totalReferred')}
          value={number.format(stats.totalReferred)}
          hint={t('referrals.clicks', { count: stats.clicks, value: number.format(stats.clicks) })}
          testId="stat-total"
        />
        <StatCard
          icon={UserCheck}
          label={t('referrals.confirmed')}
          value={number.format(stats.confirmedReferrals)}
          hint={t('referrals.conversion', { rate: percent.format(stats.conversionRate / 100) })}
          testId="stat-confirmed"
        />
        <StatCard icon={Clock} label={t('referrals.pending')} value={number.format(stats.pendingReferrals)} testId="stat-pending" />
        <StatCard
          icon={Coins}
          label={t('referrals.totalEarned')}
          value={number.format(stats.totalEarnings)}
          hint={
            stats.pendingEarnings > 0 ? t('referrals.onHold', { value: number.format(stats.pendingEarnings) }) : t('referrals.tokensUnit')
          }
          testId="stat-earned"
        />
      </section>

      <div className="grid gap-3 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <UserPlus className="size-4 text-primary" aria-hidden />
              {t('referrals.registrationBonuses')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold tabular-nums" data-testid="registration-bonuses">
              {tokens(stats.registrationBonuses)}
            </p>
            <p className="text-sm text-muted-foreground">{t('referrals.perSignup', { count: settings.registrationBonus })}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <TrendingUp className="size-4 text-primary" aria-hidden />
              {t('referrals.purchaseBonuses')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-2xl font-bold tabular-nums">{tokens(stats.purchaseBonuses)}</p>
            <p className="text-sm text-muted-foreground">
              {t('referrals.percentOfPurchases', { percent: settings.purchaseBonusPercentage })}
            </p>
          </CardContent>
        </Card>
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('referrals.howItWorks')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-3">
              {[
                t('referrals.step1'),
                t('referrals.step2', { count: settings.registrationBonus }),
                t('referrals.step3', { percent: settings.purchaseBonusPercentage }),
              ].map((step, i) => (
                <li key={i} className="flex gap-3 text-sm">
                  <span
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
                    aria-hidden
                  >
                    {i + 1}
                  </span>
                  <span>{step}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('referrals.programDetails')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm">
              <li>
                • {t('referrals.maxPerReferral', { count: settings.maxBonusPerUser, value: number.format(settings.maxBonusPerUser) })}
              </li>
              <li>
                •{' '}
                {t('referrals.minPurchase', {
                  amount: new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(settings.minPurchaseForBonus),
                })}
              </li>
              <li>• {t('referrals.linksExpire', { count: settings.linkExpireDays })}</li>
              <li className="flex items-center gap-1">
                <ShieldCheck className="size-4 text-success" aria-hidden />
                {t('referrals.antiFraud')}
              </li>
            </ul>
          </CardContent>
        </Card>
      </div>

      {stats.recentActivity.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t('referrals.recentActivity')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2" data-testid="referral-activity">
              {stats.recentActivity.map((a) => (
                <ActivityRow key={`${a.type}-${a.id}`} activity={a} date={date.format(new Date(a.date))} amount={number.format(a.amount)} />
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Card className="gap-1 p-4" data-testid={testId}>
      <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <Icon className="size-4" />
        {label}
      </p>
      <p className="text-2xl font-bold tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

function ActivityRow({ activity, date, amount }: { activity: ReferralActivity; date: string; amount: string }) {
  const { t, i18n } = useTranslation();
  const registration = activity.type === 'registration';
  const Icon = registration ? Gift : DollarSign;
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-lg border p-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-medium">{activityLine(t, i18n.language, activity)}</p>
        <p className="text-xs text-muted-foreground">
          {date}
          {activity.reason ? ` · ${t(`referrals.reasons.${activity.reason}`)}` : ''}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1">
        <span className="text-sm font-semibold tabular-nums">+{t('referrals.tokens', { count: activity.amount, value: amount })}</span>
        <Badge variant={registration ? 'default' : 'secondary'}>
          {t(`referrals.statuses.${activity.status}`, { defaultValue: activity.status })}
        </Badge>
      </div>
    </li>
  );
}
