import { type MeAnswer, SETUP_CHECKLIST_PATH, type SignUpRequest, signUp as signUpCall } from '@tablewise/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../api/get-me.js';
import { api } from '../../../app/api-client.js';

/** Where a new owner lands: the setup checklist. */
const AFTER_SIGN_UP_PATH = SETUP_CHECKLIST_PATH;

function signUp(input: SignUpRequest): Promise<MeAnswer> {
  return api.call(signUpCall, { body: input });
}

/** Creates the owner's account, organization and first venue; signed in, the app opens on the
 * setup checklist. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (me) => {
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      // The router was made before anyone signed in: the app opens afresh on the checklist.
      window.location.assign(AFTER_SIGN_UP_PATH);
    },
  });
}
