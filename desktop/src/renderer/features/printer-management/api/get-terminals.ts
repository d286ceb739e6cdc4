import { listTerminals } from '@tablewise/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api-client.js';

/** The venue's paired terminals, for choosing which one drives a printer (the cloud only). */
const terminalsQueryOptions = () =>
  queryOptions({ queryKey: listTerminals.key(), queryFn: () => api.call(listTerminals) });

export function useTerminals(enabled: boolean) {
  return useQuery({ ...terminalsQueryOptions(), enabled });
}
