import { RUNNER_TEXTS, type Runner } from '@tablewise/shared';
import { failureText } from '../../../app/api-client.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';
import { useDeliveryRuns } from '../api/get-delivery-runs.js';

/** Zone runs: active first, then those completed lately. */
export function DeliveryRunsView({ runners }: { runners: readonly Runner[] }) {
  const runs = useDeliveryRuns();
  const clock = useVenueClock();
  if (runs.isPending) return <p className="page-status">{RUNNER_TEXTS.loading}</p>;
  if (runs.isError)
    return (
      <p className="form-error" role="alert">
        {failureText(runs.error)}
      </p>
    );
  if (runs.data.length === 0) return <p className="empty">{RUNNER_TEXTS.noRuns}</p>;
  const nameOf = (id: string) => runners.find((r) => r.id === id)?.name ?? id.slice(-8);
  return (
    <div className="card-grid">
      {runs.data.map((run) => (
        <article key={run.id} className={`run-card run-${run.status}`} data-testid="delivery-run">
          <header className="card-head">
            <h3 className="card-name">{run.zone}</h3>
            <span className={`badge run-status-${run.status}`}>{RUNNER_TEXTS.runStatus[run.status]}</span>
          </header>
          <p>
            <strong>{nameOf(run.runnerId)}</strong> · {RUNNER_TEXTS.runOrders(run.orderIds.length)}
          </p>
          <p className="muted">
            {RUNNER_TEXTS.started(clock(run.startedAt))}
            {run.completedAt ? ` · ${RUNNER_TEXTS.completedAt(clock(run.completedAt))}` : ''}
          </p>
        </article>
      ))}
    </div>
  );
}
