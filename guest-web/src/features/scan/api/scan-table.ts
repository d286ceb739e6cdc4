import { type ScanTableRequest, scanTable as scanTableCall } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

function scanTable(body: ScanTableRequest) {
  return callApi(scanTableCall, { body });
}

export function useScanTable() {
  return useMutation({ mutationFn: scanTable });
}
