// The cleaner console (/cleaner-console, spec 2 section 2.11): filter cards Pending, In Progress and
// Completed Today; the cleaning tasks (type CLEAN), most urgent first, with Start Task and Mark
// Complete; the QA checks (type QA) with Pass, or Fail with the issues. Finishing a clean sends the
// table to its QA check; a pass frees it for the next waiting party, a fail sends it back to
// cleaning with a high-priority task (spec 3 section 4). Task and table events keep it live.
import {
  CLEANER_TEXTS,
  completedToday,
  type Task,
  type TaskStatus,
  taskPriorityLabel,
  venueDayStart,
} from '@tablewise/shared';
import { type FormEvent, useMemo, useState } from 'react';
import { useTasks } from '../../../api/get-tasks.js';
import { useCompleteTask, useStartTask } from '../../../api/task-actions.js';
import { useNow } from '../../../components/use-now.js';
import { deviceZone, useVenueZone } from '../../../components/use-venue-clock.js';
import { useCompleteQa } from '../api/complete-qa.js';
import { useTables } from '../api/get-tables.js';

type Filter = TaskStatus | null;

function PriorityBadge({ priority }: { priority: number }) {
  const label = taskPriorityLabel(priority);
  return (
    <span className={`badge priority-label priority-label-${label.toLowerCase()}`} data-testid="task-priority">
      {label}
    </span>
  );
}

function notesOf(task: Task): string {
  return task.description ?? (typeof task.metadata.issues === 'string' ? task.metadata.issues : '');
}

function FilterCard(props: { status: TaskStatus; count: number; active: boolean; onPick(): void }) {
  return (
    <button
      type="button"
      className="stat-card cleaner-filter"
      data-testid={`filter-${props.status}`}
      data-active={props.active}
      aria-pressed={props.active}
      title={CLEANER_TEXTS.filterHint}
      onClick={props.onPick}
    >
      <h2>{CLEANER_TEXTS.filters[props.status]}</h2>
      <div className="stat-value" data-testid={`filter-${props.status}-count`}>
        {props.count}
      </div>
    </button>
  );
}

function CleaningRow({ task, table, now }: { task: Task; table: string; now: Date }) {
  const start = useStartTask();
  const complete = useCompleteTask(() => table);
  const busy = start.isPending || complete.isPending;
  const waited = Math.max(0, Math.floor((now.getTime() - new Date(task.createdAt).getTime()) / 60_000));
  return (
    <tr data-testid="clean-task" data-task-id={task.id} data-status={task.status}>
      <td data-label={CLEANER_TEXTS.columns.table}>
        <strong>{table}</strong>
      </td>
      <td data-label={CLEANER_TEXTS.columns.priority}>
        <PriorityBadge priority={task.priority} />
      </td>
      <td data-label={CLEANER_TEXTS.columns.status}>
        <span className="cleaner-status" data-status={task.status}>
          {CLEANER_TEXTS.statusLabels[task.status]}
        </span>
      </td>
      <td className="cleaner-age" data-label={CLEANER_TEXTS.columns.age}>
        {CLEANER_TEXTS.minutes(waited)}
      </td>
      <td className="cleaner-notes" data-label={CLEANER_TEXTS.columns.notes}>
        {notesOf(task)}
      </td>
      <td className="cleaner-action">
        {task.status === 'PENDING' && (
          <button type="button" className="button primary" disabled={busy} onClick={() => start.mutate(task.id)}>
            {CLEANER_TEXTS.startTask}
          </button>
        )}
        {task.status === 'IN_PROGRESS' && (
          <button type="button" className="button primary" disabled={busy} onClick={() => complete.mutate(task.id)}>
            {CLEANER_TEXTS.markComplete}
          </button>
        )}
      </td>
    </tr>
  );
}

function QaItem({ task, table }: { task: Task; table: string }) {
  const qa = useCompleteQa();
  const [failing, setFailing] = useState(false);
  const [issues, setIssues] = useState('');
  const listed = issues
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const tableId = task.targetTableId;
  const fail = (event: FormEvent) => {
    event.preventDefault();
    if (!tableId || listed.length === 0) return;
    qa.mutate({ tableId, tableName: table, passed: false, issues: listed });
  };
  return (
    <li className="qa-item" data-testid="qa-task" data-task-id={task.id}>
      <div className="qa-head">
        <strong>{table}</strong>
        <PriorityBadge priority={task.priority} />
      </div>
      {task.description && <p className="muted">{task.description}</p>}
      {failing ? (
        <form className="qa-fail" onSubmit={fail}>
          <label>
            {CLEANER_TEXTS.issuesLabel}
            <textarea
              data-testid="qa-issues"
              rows={3}
              value={issues}
              maxLength={2000}
              onChange={(e) => setIssues(e.target.value)}
            />
          </label>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setFailing(false)}>
              {CLEANER_TEXTS.cancel}
            </button>
            <button
              type="submit"
              className="button danger"
              data-testid="qa-submit-fail"
              disabled={qa.isPending || listed.length === 0}
            >
              {CLEANER_TEXTS.submitFailure}
            </button>
          </div>
        </form>
      ) : (
        <div className="qa-actions">
          <button
            type="button"
            className="button primary"
            data-testid="qa-pass"
            disabled={qa.isPending || !tableId}
            onClick={() => tableId && qa.mutate({ tableId, tableName: table, passed: true, issues: [] })}
          >
            {CLEANER_TEXTS.pass}
          </button>
          <button type="button" className="button" data-testid="qa-fail" onClick={() => setFailing(true)}>
            {CLEANER_TEXTS.fail}
          </button>
        </div>
      )}
    </li>
  );
}

export function CleanerConsoleScreen() {
  const tasks = useTasks();
  const tables = useTables();
  const now = useNow(30_000);
  const zone = useVenueZone();
  const [filter, setFilter] = useState<Filter>(null);

  const names = useMemo(() => new Map((tables.data ?? []).map((t) => [t.id, t.name])), [tables.data]);
  const tableName = (id: string | null) =>
    id ? (names.get(id) ?? CLEANER_TEXTS.unknownTable) : CLEANER_TEXTS.unknownTable;

  if (tasks.isError && !tasks.data) return <p role="alert">{CLEANER_TEXTS.loadFailed}</p>;
  if (!tasks.data) return <p role="status">{CLEANER_TEXTS.loading}</p>;

  // "Completed Today" is the venue's day, not the device's.
  const dayStart = venueDayStart(now, zone ?? deviceZone());
  const cleaning = tasks.data.filter((t) => t.type === 'CLEAN');
  const counts: Record<TaskStatus, number> = {
    PENDING: cleaning.filter((t) => t.status === 'PENDING').length,
    IN_PROGRESS: cleaning.filter((t) => t.status === 'IN_PROGRESS').length,
    COMPLETED: cleaning.filter((t) =>
      completedToday({ ...t, completedAt: t.completedAt ? new Date(t.completedAt) : null }, dayStart),
    ).length,
  };
  const shown = cleaning.filter((t) =>
    filter === 'COMPLETED'
      ? completedToday({ ...t, completedAt: t.completedAt ? new Date(t.completedAt) : null }, dayStart)
      : filter
        ? t.status === filter
        : t.status !== 'COMPLETED',
  );
  const qa = tasks.data.filter((t) => t.type === 'QA' && t.status !== 'COMPLETED');

  return (
    <div className="cleaner-console" data-testid="cleaner-console">
      <div className="page-header">
        <div>
          <h1>{CLEANER_TEXTS.title}</h1>
          <p className="muted">{CLEANER_TEXTS.subtitle}</p>
        </div>
        {filter && (
          <button type="button" className="button" onClick={() => setFilter(null)}>
            {CLEANER_TEXTS.showAll}
          </button>
        )}
      </div>
      <div className="stat-grid cleaner-filters">
        {(['PENDING', 'IN_PROGRESS', 'COMPLETED'] as const).map((status) => (
          <FilterCard
            key={status}
            status={status}
            count={counts[status]}
            active={filter === status}
            onPick={() => setFilter(filter === status ? null : status)}
          />
        ))}
      </div>
      <div className="cleaner-columns">
        <section className="panel">
          <h2>{CLEANER_TEXTS.cleaningTasks}</h2>
          {shown.length === 0 ? (
            <p className="empty">{CLEANER_TEXTS.noCleaningTasks}</p>
          ) : (
            <div className="cleaner-table-wrap">
              <table className="reservations-table cleaner-table">
                <thead>
                  <tr>
                    <th>{CLEANER_TEXTS.columns.table}</th>
                    <th>{CLEANER_TEXTS.columns.priority}</th>
                    <th>{CLEANER_TEXTS.columns.status}</th>
                    <th>{CLEANER_TEXTS.columns.age}</th>
                    <th>{CLEANER_TEXTS.columns.notes}</th>
                    <th>{CLEANER_TEXTS.columns.action}</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((task) => (
                    <CleaningRow key={task.id} task={task} table={tableName(task.targetTableId)} now={now} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <section className="panel">
          <h2>{CLEANER_TEXTS.qaTasks}</h2>
          {qa.length === 0 ? (
            <p className="empty">{CLEANER_TEXTS.noQaTasks}</p>
          ) : (
            <ul className="qa-list">
              {qa.map((task) => (
                <QaItem key={task.id} task={task} table={tableName(task.targetTableId)} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
