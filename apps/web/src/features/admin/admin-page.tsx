import { BarChart3, CalendarRange, Coins, Flag, Megaphone, ScrollText, Shield, Users, Workflow } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AnalyticsPanel } from './analytics-panel';
import { AuditPanel } from './audit-panel';
import { BroadcastPanel } from './broadcast-panel';
import { EconomyPanel } from './economy-panel';
import { JobsPanel } from './jobs-panel';
import { ModerationPanel } from './moderation-panel';
import { PaymentReviewsPanel } from './payment-reviews-panel';
import { PricingPanel } from './pricing-panel';
import { ReferralReviewPanel } from './referral-review-panel';
import { SeasonsPanel } from './seasons-panel';
import { TokenPurchasesPanel } from './token-purchases-panel';
import { UsersPanel } from './users-panel';
import './texts';

const SECTIONS = [
  { id: 'users', icon: Users },
  { id: 'moderation', icon: Flag },
  { id: 'analytics', icon: BarChart3 },
  { id: 'broadcast', icon: Megaphone },
  { id: 'jobs', icon: Workflow },
  { id: 'audit', icon: ScrollText },
  { id: 'economy', icon: Coins },
  { id: 'seasons', icon: CalendarRange },
] as const;
type Section = (typeof SECTIONS)[number]['id'];

/**
 * /admin (admins only; the server refuses everyone else on every call): the console's sections,
 * one tab each, the open one in the address (?section=) so that it can be linked and reloaded.
 * Only the open tab is mounted, so only its calls run.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = SECTIONS.some((s) => s.id === asked) ? (asked as Section) : 'users';
  const tabs = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls: the open section's tab is brought into view (a link to ?section=jobs).
  useEffect(() => {
    tabs.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [section]);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <Shield className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('admin.title')}</h1>
          <p className="text-muted-foreground">{t('admin.subtitle')}</p>
        </div>
      </header>

      <Tabs
        value={section}
        onValueChange={(value) => setParams(value === 'users' ? {} : { section: value }, { replace: true })}
        className="min-w-0"
      >
        <TabsList ref={tabs} aria-label={t('console.sections')} className="w-full justify-start sm:w-auto">
          {SECTIONS.map(({ id, icon: Icon }) => (
            <TabsTrigger key={id} value={id} data-testid={`admin-tab-${id}`}>
              <Icon className="size-4" aria-hidden="true" />
              {t(`console.tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        {/* Everything that waits for a moderator's decision is here: the bots' reports and requests, then the referrals the anti-fraud rules held. */}
        <TabsContent value="moderation" className="grid gap-6">
          <ModerationPanel />
          <ReferralReviewPanel />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsPanel />
        </TabsContent>
        <TabsContent value="broadcast">
          <BroadcastPanel />
        </TabsContent>
        <TabsContent value="jobs">
          <JobsPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditPanel />
        </TabsContent>
        <TabsContent value="seasons">
          <SeasonsPanel />
        </TabsContent>
        <TabsContent value="economy" className="grid gap-6">
          <PricingPanel />
          <TokenPurchasesPanel />
          <EconomyPanel />
          <PaymentReviewsPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
