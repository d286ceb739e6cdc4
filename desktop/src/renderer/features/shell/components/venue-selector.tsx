// The header's venue selector (issue 24, and issue 26's header): a member whose roles cover
// several venues of the organization picks the one the staff app works on. The choice is the
// session's venue on the cloud (PUT /api/auth/venue), so every call and the live connection follow
// it; the app then forgets everything it read at the other venue and reads it again, times on the
// new venue's clock. On a terminal (one venue) it is not shown, and with one venue neither.
import { chooseVenue, listMyVenues, type MeAnswer, SHELL_TEXTS } from '@tablewise/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me.js';
import { api } from '../../../app/api-client.js';
import { useOnTerminal } from '../../../app/terminal-status.js';
import { useToast } from '../../../components/toast.js';

const myVenuesQueryOptions = () =>
  queryOptions({ queryKey: listMyVenues.key(), queryFn: () => api.call(listMyVenues) });

function useChooseVenue() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: (venueId: string): Promise<MeAnswer> => api.call(chooseVenue, { body: { venueId } }),
    onSuccess: (me) => {
      // Nothing read at the other venue may show at this one: drop it all but who is signed in,
      // whose new venue remounts the screens and the live connection (router.tsx).
      const meKey = meQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(meKey) });
      queryClient.setQueryData(meKey, me);
    },
    onError: (error) =>
      toast({
        title: SHELL_TEXTS.venueSwitchFailed,
        // The spec's way of showing a failed call: "status: body".
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      }),
  });
}

export function VenueSelector({ venueId }: { venueId: string }) {
  const onTerminal = useOnTerminal();
  const venues = useQuery({ ...myVenuesQueryOptions(), enabled: onTerminal === false });
  const choose = useChooseVenue();
  if (onTerminal !== false || !venues.data || venues.data.length < 2) return null;
  return (
    <label className="select venue-selector" data-testid="venue-selector">
      <span className="venue-selector-label">{SHELL_TEXTS.venueSelector}</span>
      <select
        value={venueId}
        disabled={choose.isPending}
        onChange={(e) => {
          if (e.target.value !== venueId) choose.mutate(e.target.value);
        }}
      >
        {venues.data.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </select>
    </label>
  );
}
