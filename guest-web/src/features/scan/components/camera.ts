// The camera side of the QR scanner: permission, and decoding with qr-scanner (the browser's
// BarcodeDetector where it has one, else its web worker). The library is imported only when the
// guest starts scanning, so the scan page stays light for guests who arrive by a link (issue 8, P6).
import { GUEST_FLOW, MESSAGES } from '@tablewise/shared';

export type CameraProblem = typeof MESSAGES.cameraDenied | typeof MESSAGES.cameraStartFailed;

/** Asks for the camera once (Enable Camera), then lets it go: scanning opens its own stream. */
export async function enableCamera(): Promise<CameraProblem | null> {
  if (!navigator.mediaDevices?.getUserMedia) return MESSAGES.cameraStartFailed;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    for (const track of stream.getTracks()) track.stop();
    return null;
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return name === 'NotAllowedError' || name === 'SecurityError' ? MESSAGES.cameraDenied : MESSAGES.cameraStartFailed;
  }
}

export interface RunningScan {
  stop(): void;
}

/**
 * Scans the camera's picture in `video` at most 5 times a second until a code is read, `onCode`
 * gets its text once, and scanning stops. Rejects with the spec's message when the camera does not
 * start.
 */
export async function startScanning(video: HTMLVideoElement, onCode: (text: string) => void): Promise<RunningScan> {
  const { default: QrScanner } = await import('qr-scanner');
  let done = false;
  const scanner = new QrScanner(
    video,
    (result) => {
      if (done || !result.data) return;
      done = true;
      scanner.stop();
      onCode(result.data);
    },
    {
      maxScansPerSecond: GUEST_FLOW.scannerMaxScansPerSecond,
      preferredCamera: 'environment',
      returnDetailedScanResult: true,
      // Frames without a code are the normal case while the guest aims; they are not errors.
      onDecodeError: () => {},
    },
  );
  try {
    await scanner.start();
  } catch (error) {
    scanner.destroy();
    const name = (error as { name?: string } | null)?.name;
    throw new Error(
      name === 'NotAllowedError' || String(error).includes('denied')
        ? MESSAGES.cameraDenied
        : MESSAGES.cameraStartFailed,
    );
  }
  return {
    stop() {
      done = true;
      scanner.destroy();
    },
  };
}
