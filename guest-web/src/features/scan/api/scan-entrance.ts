import { ScanAnswer } from '@tablewise/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api-client.js';

export function scanEntrance(body: { qrData: string }) {
  return apiRequest('/api/guest/scan-entrance', ScanAnswer, { method: 'POST', body });
}

export function useScanEntrance() {
  return useMutation({ mutationFn: scanEntrance });
}
