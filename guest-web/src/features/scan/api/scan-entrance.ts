import { scanEntrance as scanEntranceCall } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../app/api-client.js';

function scanEntrance(body: { qrData: string }) {
  return callApi(scanEntranceCall, { body });
}

export function useScanEntrance() {
  return useMutation({ mutationFn: scanEntrance });
}
