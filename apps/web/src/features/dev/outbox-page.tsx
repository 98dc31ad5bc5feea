import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Inbox, Mail, MessageSquareText } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ZOutboxList, ZSmsOutboxList } from '@app/shared/mail/schemas';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { api, ApiRequestError } from '@/lib/api-client';
import './texts';

/** Shows a mail's text with its links clickable (the verification link above all). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all font-medium text-primary underline underline-offset-2">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Text messages (two-factor codes by sms) kept while no SMS provider is configured; shown only when there are some. */
function SmsOutbox() {
  const { t, i18n } = useTranslation();
  const sms = useQuery({ queryKey: ['dev', 'sms'], queryFn: () => api('/api/dev/sms', { schema: ZSmsOutboxList }) });
  if (!sms.data || sms.data.items.length === 0) return null;
  return (
    <section className="grid gap-3" aria-labelledby="sms-outbox-title" data-testid="sms-outbox">
      <h2 id="sms-outbox-title" className="flex items-center gap-2 text-lg font-semibold">
        <MessageSquareText className="size-5 text-primary" />
        {t('outbox.smsTitle')}
      </h2>
      {sms.data.items.map((m) => (
        <Card key={m.id}>
          <CardHeader className="gap-1">
            <CardDescription>
              {t('outbox.to', { to: m.to })} · {new Date(m.createdAt).toLocaleString(i18n.language)}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-wrap break-words text-sm">{m.text}</p>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

/** /dev/outbox: while no SMTP server is configured, the mail the platform "sent" you is kept here. */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useQuery({ queryKey: ['dev', 'outbox'], queryFn: () => api('/api/dev/outbox', { schema: ZOutboxList }) });
  const smtp = outbox.error instanceof ApiRequestError && outbox.error.status === 404;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Inbox className="size-6 text-primary" />
          {t('outbox.title')}
        </h1>
        <p className="text-muted-foreground">{t('outbox.subtitle')}</p>
      </header>
      {smtp ? (
        <Alert>{t('outbox.smtp')}</Alert>
      ) : outbox.isError ? (
        <Alert variant="destructive">
          <AlertCircle />
          {t('outbox.loadFailed')}
        </Alert>
      ) : outbox.isPending ? (
        <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : outbox.data.items.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="grid place-items-center gap-2 p-10 text-center text-muted-foreground">
            <Mail className="size-8" />
            {t('outbox.empty')}
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-3" data-testid="outbox">
          {outbox.data.items.map((m) => (
            <Card key={m.id}>
              <CardHeader className="gap-1">
                <CardTitle className="text-base">{m.subject}</CardTitle>
                <CardDescription>
                  {t('outbox.to', { to: m.to })} · {new Date(m.createdAt).toLocaleString(i18n.language)}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <pre className="whitespace-pre-wrap break-words font-sans text-sm">
                  <Linkified text={m.text} />
                </pre>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
      <SmsOutbox />
    </div>
  );
}
