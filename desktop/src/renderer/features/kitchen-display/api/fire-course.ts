import { COURSE_LABELS, type Course, fireCourse, KITCHEN_FLOW_TEXTS } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kitchenItemsQueryOptions } from '../../../api/get-kitchen-items.js';
import { api, toastMessage } from '../../../app/api-client.js';
import { useToast } from '../../../components/toast.js';

function fireNow({ orderId, course }: { orderId: string; course: Course }) {
  return api.call(fireCourse, { params: { orderId }, body: { course } });
}

/** Fire now on a held card (issue 22): the order's held course to the kitchen early. */
export function useFireCourse() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: fireNow,
    onSuccess: (_order, { course }) =>
      toast({ title: KITCHEN_FLOW_TEXTS.firedTitle, description: KITCHEN_FLOW_TEXTS.fired(COURSE_LABELS[course]) }),
    onError: (error) =>
      toast({
        title: KITCHEN_FLOW_TEXTS.fireFailed,
        description: toastMessage(error),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: kitchenItemsQueryOptions().queryKey }),
  });
}
