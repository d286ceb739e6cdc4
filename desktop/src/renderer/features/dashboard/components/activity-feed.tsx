// The Activity Feed (spec 2 section 2.1): the venue's stored events (GET /api/events), newest
// first, a page at a time, filtered on the server; a live event refreshes it, and a reload keeps
// the history because it is the server's.
import {
  ACTIVITY_FILTERS,
  type ActivityFilter,
  activityLine,
  DASHBOARD_TEXTS,
  minutesSince,
  type Table,
} from '@tablewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { activityQueryOptions, useActivity } from '../../../api/get-events.js';
import { useLiveMessages } from '../../../app/live-provider.js';
import { useVenueClock } from '../../../components/use-venue-clock.js';

export function ActivityFeed({ tables, now }: { tables: readonly Table[]; now: Date }) {
  const [filter, setFilter] = useState<ActivityFilter>('all');
  const feed = useActivity(filter);
  const queryClient = useQueryClient();
  const clock = useVenueClock();
  useLiveMessages((message) => {
    if (message.kind === 'event')
      void queryClient.invalidateQueries({ queryKey: activityQueryOptions(filter).queryKey });
  });
  const label = (id: string | null) => tables.find((t) => t.id === id)?.name ?? null;
  const lines = (feed.data?.pages ?? []).flat().map((e) => activityLine(e, label));
  return (
    <section className="panel" data-testid="dashboard-activity">
      <label className="inline-field">
        {DASHBOARD_TEXTS.activityFilter}
        <select
          value={filter}
          onChange={(e) => setFilter(e.target.value as ActivityFilter)}
          data-testid="activity-filter"
        >
          {ACTIVITY_FILTERS.map((f) => (
            <option key={f} value={f}>
              {DASHBOARD_TEXTS.activityFilters[f]}
            </option>
          ))}
        </select>
      </label>
      {feed.isError && (
        <p className="live-error" role="alert">
          {feed.error.message || DASHBOARD_TEXTS.activityHistoryFailed}
        </p>
      )}
      {feed.isSuccess && lines.length === 0 ? (
        <p className="empty">{DASHBOARD_TEXTS.noActivityYet}</p>
      ) : (
        <ul className="dash-list">
          {lines.map((e) => (
            <li key={e.seq} className="dash-row" data-testid="activity-entry" data-category={e.category ?? ''}>
              <span className="initials" aria-hidden={e.initials === null}>
                {e.initials ?? '·'}
              </span>
              <span>{e.text}</span>
              <span className="muted" title={clock(e.at, { withDate: true })}>
                {DASHBOARD_TEXTS.minutesAgo(minutesSince(e.at, now) ?? 0)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {feed.hasNextPage && (
        <button
          type="button"
          className="button"
          onClick={() => void feed.fetchNextPage()}
          disabled={feed.isFetchingNextPage}
          data-testid="activity-more"
        >
          {DASHBOARD_TEXTS.activityLoadMore}
        </button>
      )}
    </section>
  );
}
