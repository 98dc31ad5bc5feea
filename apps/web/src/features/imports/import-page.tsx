import { CircleAlert, CircleCheck, FileArchive, FolderInput, FolderOpen, Loader2 } from 'lucide-react';
import { Fragment, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '@app/shared/app/routes';
import type { Import, ImportReport } from '@app/shared/imports/schemas';
import { EmptyState } from '@/components/empty-state';
import { ErrorCard } from '@/components/error-card';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { translateMessage } from '@/lib/messages';
import { folderFiles, useImport, useImports, useStartImport, type ImportUpload } from './api';
import './texts';

/**
 * /import/sillytavern (issue 20 §5): a SillyTavern data folder (or its .zip) sent in one step; the
 * job's progress shows as it runs and its report at the end. The import shown is in the address
 * (?id=), so a reload or a later visit finds it again.
 */
export function ImportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shownId = params.get('id');
  const start = useStartImport();
  const [pending, setPending] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (upload: ImportUpload) => {
    setProblem(null);
    setPending(
      'zip' in upload ? t('imports.uploadingZip', { name: upload.zip.name }) : t('imports.uploading', { count: upload.files.length }),
    );
    start.mutate(upload, {
      onSuccess: ({ id }) => setParams({ id }, { replace: false }),
      onError: (err) => setProblem(translateMessage(err.message)),
      onSettled: () => setPending(null),
    });
  };

  return (
    <div className="grid gap-6">
      <PageHeader icon={FolderInput} title={t('imports.title')} subtitle={t('imports.subtitle')} />
      <Chooser busy={start.isPending} onSend={send} onNothing={() => setProblem(t('imports.noFiles'))} />
      {pending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status" data-testid="import-uploading">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {pending}
        </p>
      ) : null}
      {problem ? (
        <p
          className="rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
          role="alert"
          data-testid="import-error"
        >
          {problem}
        </p>
      ) : null}
      {shownId ? <ImportStatus id={shownId} /> : null}
      <History shownId={shownId} onShow={(id) => setParams({ id })} />
    </div>
  );
}

/** The folder or zip picker, and a drop zone for a zip. */
function Chooser({ busy, onSend, onNothing }: { busy: boolean; onSend(upload: ImportUpload): void; onNothing(): void }) {
  const { t } = useTranslation();
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onFolder = (list: FileList | null) => {
    if (!list) return;
    const files = folderFiles(list);
    if (files.length === 0) onNothing();
    else onSend({ files });
  };
  const onZip = (file: File | undefined) => file && onSend({ zip: file });
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!busy) onZip(Array.from(event.dataTransfer.files).find((f) => /\.zip$/i.test(f.name)));
  };

  return (
    <section
      className={cn('grid gap-4 rounded-xl border border-dashed p-5 transition-colors', over && 'border-primary bg-primary/5')}
      onDragOver={(e) => (e.preventDefault(), setOver(true))}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-labelledby="import-how"
    >
      <div className="grid gap-1">
        <h2 id="import-how" className="font-semibold">
          {t('imports.howTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('imports.howText')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => folderInput.current?.click()} disabled={busy} data-testid="import-choose-folder">
          <FolderOpen /> {t('imports.chooseFolder')}
        </Button>
        <Button variant="outline" onClick={() => zipInput.current?.click()} disabled={busy} data-testid="import-choose-zip">
          <FileArchive /> {t('imports.chooseZip')}
        </Button>
        {/* A phone or a tablet has nothing to drag a file from. */}
        <span className="text-sm text-muted-foreground pointer-coarse:hidden">{t('imports.dropHint')}</span>
      </div>
      <p className="text-xs text-muted-foreground">{t('imports.again')}</p>
      {/* webkitdirectory: the browser sends the folder's files with their paths (webkitRelativePath). */}
      <input
        ref={folderInput}
        type="file"
        className="hidden"
        multiple
        {...{ webkitdirectory: '', directory: '' }}
        data-testid="import-folder-input"
        onChange={(e) => (onFolder(e.target.files), (e.target.value = ''))}
      />
      <input
        ref={zipInput}
        type="file"
        className="hidden"
        accept=".zip,application/zip"
        data-testid="import-zip-input"
        onChange={(e) => (onZip(e.target.files?.[0]), (e.target.value = ''))}
      />
    </section>
  );
}

const STATUS_VARIANT: Record<Import['status'], 'secondary' | 'default' | 'destructive'> = {
  queued: 'secondary',
  running: 'secondary',
  done: 'default',
  failed: 'destructive',
};

/** One import: its progress while it runs, then what it made and what it skipped. */
function ImportStatus({ id }: { id: string }) {
  const { t } = useTranslation();
  const job = useImport(id);
  if (job.isError) return <ErrorCard message={t('imports.loadFailed')} onRetry={() => void job.refetch()} />;
  if (!job.data) {
    return (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-3" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  const { status, progress, report } = job.data;
  const share = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : status === 'done' ? 100 : 0;
  return (
    <section className="grid gap-4 rounded-xl border bg-card p-5" data-testid="import-status" data-status={status} aria-live="polite">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 font-semibold">
          {status === 'running' || status === 'queued' ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {status === 'done' ? <CircleCheck className="size-4 text-primary" aria-hidden /> : null}
          {status === 'failed' ? <CircleAlert className="size-4 text-destructive" aria-hidden /> : null}
          {t(`imports.status.${status}`)}
        </h2>
        <span className="text-sm text-muted-foreground" data-testid="import-progress-text">
          {t('imports.progress', { done: progress.done, total: progress.total, count: progress.total })}
        </span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t('imports.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <div
          className={cn('h-full rounded-full bg-primary transition-[width]', status === 'failed' && 'bg-destructive')}
          style={{ width: `${share}%` }}
        />
      </div>
      {job.data.error ? <p className="text-sm text-destructive">{translateMessage(job.data.error)}</p> : null}
      {status === 'done' || status === 'failed' ? <Report report={report} /> : null}
    </section>
  );
}

/** Where what came over is, from the report. */
const WHERE_TO_LOOK = [
  [ROUTES.myBots, 'imports.openBots'],
  [ROUTES.chat, 'imports.openChats'],
  [ROUTES.lorebooks, 'imports.openLorebooks'],
  [ROUTES.personas, 'imports.openPersonas'],
] as const;

const COUNTS = ['characters', 'chats', 'groups', 'messages', 'lorebooks', 'personas', 'alreadyImported'] as const;

function Report({ report }: { report: ImportReport }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-4" data-testid="import-report">
      <h3 className="font-medium">{t('imports.reportTitle')}</h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {COUNTS.map((key) => (
          <div key={key} className="rounded-lg bg-muted/50 px-3 py-2" data-testid={`import-count-${key}`}>
            <dt className="text-xs text-muted-foreground">{t(`imports.count.${key}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{report[key].toLocaleString(i18n.language)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {WHERE_TO_LOOK.map(([to, label]) => (
          <Button key={to} asChild variant="outline" size="sm">
            <Link to={to}>{t(label)}</Link>
          </Button>
        ))}
      </div>
      <div className="grid gap-2">
        <h3 className="font-medium">{t('imports.skippedTitle', { count: report.skippedCount })}</h3>
        {report.skipped.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('imports.skippedNone')}</p>
        ) : (
          <ul className="grid gap-1 text-sm" data-testid="import-skipped">
            {report.skipped.map((s, i) => (
              <li key={`${s.file}-${i}`} className="grid gap-0.5 rounded-lg border px-3 py-2">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">
                  <PathText path={s.file} />
                </span>
                <span className="text-muted-foreground">{t(`imports.skip.${s.code}`, { defaultValue: s.reason })}</span>
              </li>
            ))}
            {report.skippedCount > report.skipped.length ? (
              <li className="px-3 py-1 text-muted-foreground" data-testid="import-skipped-more">
                {t('imports.skippedMore', { count: report.skippedCount - report.skipped.length })}
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A file's path that a narrow screen breaks after a slash rather than inside a name. */
function PathText({ path }: { path: string }) {
  const parts = path.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** The caller's earlier imports, newest first; one of them can be shown again. */
function History({ shownId, onShow }: { shownId: string | null; onShow(id: string): void }) {
  const { t, i18n } = useTranslation();
  const list = useImports();
  const items = list.data?.items.filter((i) => i.id !== shownId);
  // The only import is the one shown above: "no imports yet" would contradict it.
  if (shownId && items?.length === 0) return null;
  return (
    <section className="grid gap-3" aria-labelledby="import-history">
      <h2 id="import-history" className="font-semibold">
        {t('imports.history')}
      </h2>
      {list.isError ? (
        <ErrorCard message={t('imports.historyFailed')} onRetry={() => void list.refetch()} />
      ) : items === undefined ? (
        <Skeleton className="h-12" />
      ) : items.length === 0 ? (
        <EmptyState icon={<FolderInput />} title={t('imports.historyEmpty')} />
      ) : (
        <ul className="grid gap-2" data-testid="import-history">
          {items.map((item) => (
            <li key={item.id} className="flex items-center gap-2 rounded-lg border px-3 py-2 text-sm">
              {/* On a phone: the status and date on one line, the counts under them, Show at the side. */}
              <span className="grid min-w-0 flex-1 gap-1 sm:flex sm:flex-wrap sm:items-center sm:gap-x-2">
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant={STATUS_VARIANT[item.status]}>{t(`imports.status.${item.status}`)}</Badge>
                  <time dateTime={item.createdAt}>
                    {new Date(item.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </span>
                <span className="text-muted-foreground">
                  {t('imports.count.characters')}: {item.report.characters} · {t('imports.count.chats')}: {item.report.chats}
                </span>
              </span>
              <Button variant="ghost" size="sm" className="shrink-0" onClick={() => onShow(item.id)}>
                {t('imports.show')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
