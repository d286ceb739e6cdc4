import { askStaffAssistance } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

/** The staff-assistance button: staff get one alert naming the table; a repeat tap is told they were asked. */
export function useAskStaff() {
  return useMutation({
    mutationFn: (body: { sessionId: string; reason: 'exit' }) => callApi(askStaffAssistance, { body }),
  });
}
