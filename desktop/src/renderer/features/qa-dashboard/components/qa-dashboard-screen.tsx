// The QA dashboard (/qa-dashboard; issue 26, spec 3 sections 2 and 4): whether the organization's
// QA venue is seeded, Seed Test Data, Run All Tests — journeys the cloud runs in that venue, each
// step's status, duration and error shown as the run goes — the Broken Buttons found, and the Quick
// Fix List. It needs the cloud: on a terminal it says so.
import {
  criticalCount,
  isSeeded,
  type QaJourney,
  type QaRun,
  type QaStep,
  type QuickFix,
  quickFixList,
  QA_TEXTS as T,
} from '@tablewise/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastMessage } from '../../../app/api-client.js';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { TabBar } from '../../../components/tab-bar.js';
import { useToast } from '../../../components/toast.js';
import { useSmokeTest } from '../api/get-smoke-test.js';
import { useLatestRun, useStartRun } from '../api/qa-runs.js';
import { useSeedTestData } from '../api/seed-test-data.js';
import './qa-dashboard.css';

type Tab = 'journeys' | 'broken' | 'quick-fix';
const TABS: readonly Tab[] = ['journeys', 'broken', 'quick-fix'];

export function QaDashboardScreen() {
  const onTerminal = useOnTerminal();
  if (onTerminal === null) return null;
  if (onTerminal) {
    return (
      <div className="page qa-dashboard" data-testid="qa-dashboard">
        <h1>{T.heading}</h1>
        <p className="empty" data-testid="qa-needs-cloud">
          {T.needsCloud}
        </p>
      </div>
    );
  }
  return <QaPanels />;
}

function QaPanels() {
  const smoke = useSmokeTest(true);
  const latest = useLatestRun(true);
  const seed = useSeedTestData();
  const start = useStartRun();
  const { toast } = useToast();
  const [tab, setTab] = useState<Tab>('journeys');
  const run = latest.data?.run ?? null;
  const running = run?.status === 'running' || start.isPending;
  // Spec 3 section 4: unknown until the check answers; a failed check means not seeded.
  const seedState = smoke.isPending ? 'unknown' : smoke.data && isSeeded(smoke.data) ? 'seeded' : 'not-seeded';
  const seeded = seedState === 'seeded';

  // The run's end, told once: the toast, as the spec's client does when its loop ends.
  const lastStatus = useRef<QaRun['status'] | null>(null);
  useEffect(() => {
    const status = run?.status ?? null;
    if (lastStatus.current === 'running' && status === 'done' && run) {
      const failed = run.journeys.filter((j) => j.status === 'fail').length;
      toast({
        title: T.testingComplete,
        description: `${run.journeys.length - failed} of ${run.journeys.length} journeys passed; ${run.brokenButtons.length} broken buttons`,
      });
    }
    lastStatus.current = status;
  }, [run, toast]);

  const onSeed = () =>
    seed.mutate(undefined, {
      onSuccess: () => toast({ title: T.seeded, description: T.seededDetail }),
      onError: (error) =>
        toast({ title: T.seedFailed, description: toastMessage(error, T.seedFailed), variant: 'destructive' }),
    });
  const onRun = () => {
    if (!seeded) {
      toast({ title: T.pleaseSeedFirst, description: T.pleaseSeedFirstDetail, variant: 'destructive' });
      return;
    }
    start.mutate(undefined, {
      onError: (error) =>
        toast({ title: T.testingFailed, description: toastMessage(error, T.testingFailed), variant: 'destructive' }),
    });
  };

  const critical = criticalCount(run);
  const fixes = quickFixList(run);
  return (
    <div className="page qa-dashboard" data-testid="qa-dashboard">
      <div className="page-head">
        <h1>{T.heading}</h1>
        <span
          className={`badge qa-badge ${seeded ? 'qa-ok' : 'qa-need'}`}
          data-testid="qa-badge-data"
          data-state={seedState}
        >
          {seedState === 'unknown' ? T.checkingData : seeded ? T.dataReady : T.needSeedData}
        </span>
        <span className={`badge qa-badge ${critical > 0 ? 'qa-critical' : ''}`} data-testid="qa-badge-critical">
          {T.critical(critical)}
        </span>
      </div>
      {smoke.data?.venue && <p className="muted qa-venue">{T.qaVenue(smoke.data.venue.name)}</p>}
      {smoke.isError && (
        <p className="form-error" role="alert">
          {toastMessage(smoke.error)}
        </p>
      )}
      <div className="qa-actions">
        <button
          type="button"
          className="button"
          data-testid="qa-seed"
          disabled={seeded || running || seed.isPending || seedState === 'unknown'}
          onClick={onSeed}
        >
          {seed.isPending ? T.seeding : T.seed}
        </button>
        <button
          type="button"
          className="button primary"
          data-testid="qa-run-all"
          disabled={!seeded || running}
          onClick={onRun}
        >
          {running ? T.running : T.runAll}
        </button>
        {seedState === 'not-seeded' && (
          <p className="qa-seed-first" data-testid="qa-seed-first">
            <strong>{T.pleaseSeedFirst}</strong> — {T.pleaseSeedFirstDetail}
          </p>
        )}
      </div>
      {run && <Progress run={run} />}
      <TabBar
        options={TABS}
        value={tab}
        onChange={setTab}
        label={T.heading}
        testIdOf={(t) => `qa-tab-${t}`}
        labelOf={(t) =>
          t === 'journeys'
            ? T.journeysTab
            : t === 'broken'
              ? T.brokenTab(run?.brokenButtons.length ?? 0)
              : T.quickFixTab
        }
      />
      <div className="qa-panel" role="tabpanel">
        {tab === 'journeys' && <Journeys run={run} />}
        {tab === 'broken' && <BrokenButtons run={run} />}
        {tab === 'quick-fix' && <QuickFixes critical={fixes.critical} high={fixes.high} />}
      </div>
    </div>
  );
}

function Progress({ run }: { run: QaRun }) {
  return (
    <div className="qa-progress" data-testid="qa-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={T.runAll}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.progress}
      >
        <div className="progress-fill" style={{ width: `${run.progress}%` }} />
      </div>
      <span className="qa-current" data-testid="qa-current-step">
        {run.currentStep}
      </span>
      <span className="qa-percent" data-testid="qa-percent">
        {run.progress}%
      </span>
    </div>
  );
}

function Journeys({ run }: { run: QaRun | null }) {
  if (!run) return <p className="empty">{T.notRunYet}</p>;
  return (
    <div className="qa-journeys">
      {run.journeys.map((j) => (
        <JourneyCard key={j.id} journey={j} />
      ))}
    </div>
  );
}

function StatusLabel({ status }: { status: QaStep['status'] }) {
  return <span className={`qa-status qa-${status}`}>{status}</span>;
}

function JourneyCard({ journey }: { journey: QaJourney }) {
  return (
    <section className="qa-journey" data-testid="qa-journey" data-journey={journey.id} data-status={journey.status}>
      <header>
        <h2>{journey.name}</h2>
        <StatusLabel status={journey.status} />
      </header>
      <p className="muted">{journey.description}</p>
      <ol className="qa-steps">
        {journey.steps.map((s) => (
          <li key={s.id} data-testid="qa-step" data-step={s.id} data-status={s.status}>
            <StatusLabel status={s.status} />
            <span className="qa-step-name">{s.name}</span>
            <span className={`badge qa-priority-${s.priority}`}>{s.priority}</span>
            <span className="qa-duration">{s.duration === null ? '' : `${s.duration} ms`}</span>
            {s.details && s.status === 'pass' && <span className="qa-details">{s.details}</span>}
            {s.error && (
              <span className="qa-error" data-testid="qa-step-error">
                {s.details ? `${s.details}: ` : ''}
                {s.error}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function BrokenButtons({ run }: { run: QaRun | null }) {
  const navigate = useNavigate();
  if (!run) return <p className="empty">{T.notRunYet}</p>;
  if (run.brokenButtons.length === 0) return <p className="empty">{T.noBroken}</p>;
  return (
    <ul className="qa-list">
      {run.brokenButtons.map((b) => (
        <li key={`${b.route}:${b.testId}`} data-testid="qa-broken-row">
          <span className={`badge qa-priority-${b.priority}`}>{b.priority}</span>
          <span>
            <strong>
              {b.page}: {b.element}
            </strong>{' '}
            <code>{b.testId}</code>
            <br />
            <span className="qa-error">{b.issue}</span>
          </span>
          <button type="button" className="button" onClick={() => navigate(b.route)} data-testid="qa-go-to-page">
            {T.goToPage}
          </button>
        </li>
      ))}
    </ul>
  );
}

function FixList({ items, empty, testId }: { items: readonly QuickFix[]; empty: string; testId: string }) {
  const navigate = useNavigate();
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="qa-list" data-testid={testId}>
      {items.map((f) => (
        <li key={`${f.title}:${f.detail}`}>
          <span className={`badge qa-priority-${f.priority}`}>{f.priority}</span>
          <span>
            <strong>{f.title}</strong>
            <br />
            <span className="qa-error">{f.detail}</span>
          </span>
          {f.route && (
            <button type="button" className="button" onClick={() => navigate(f.route ?? '/')}>
              {T.goToPage}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function QuickFixes({ critical, high }: { critical: readonly QuickFix[]; high: readonly QuickFix[] }) {
  return (
    <div className="qa-quick-fix">
      <h2>{T.criticalList}</h2>
      <FixList items={critical} empty={T.noCritical} testId="qa-fix-critical" />
      <h2>{T.highList}</h2>
      <FixList items={high} empty={T.noHigh} testId="qa-fix-high" />
    </div>
  );
}
