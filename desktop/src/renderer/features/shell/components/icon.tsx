// Registry icon names drawn as small line SVGs (no icon library, no emoji font needed on a
// kitchen PC). A name without a drawing shows the title's first letter.
import type { ReactNode } from 'react';

const PATHS: Record<string, ReactNode> = {
  'layout-dashboard': (
    <>
      <rect x="3" y="3" width="7" height="9" rx="1" />
      <rect x="14" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="12" width="7" height="9" rx="1" />
      <rect x="3" y="16" width="7" height="5" rx="1" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  map: <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2 20c0-4 3-6 7-6s7 2 7 6M16 4.5a3.5 3.5 0 0 1 0 7M18 14c2.5.6 4 2.6 4 6" />
    </>
  ),
  utensils: <path d="M6 3v8M3 3v5a3 3 0 0 0 6 0V3M6 11v10M17 3c-2 0-3 3-3 7h3v11" />,
  'chef-hat': <path d="M7 14a4 4 0 0 1-.5-7.9A5 5 0 0 1 12 3a5 5 0 0 1 5.5 3.1A4 4 0 0 1 17 14v6H7v-6zM7 17h10" />,
  truck: <path d="M3 6h11v10H3zM14 9h4l3 3v4h-7M7 19a2 2 0 1 0 0-.1M17 19a2 2 0 1 0 0-.1" />,
  'credit-card': (
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>
  ),
  'bar-chart': <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  printer: (
    <>
      <path d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <rect x="6" y="14" width="12" height="7" />
    </>
  ),
  'qr-code': (
    <>
      <rect x="3" y="3" width="7" height="7" />
      <rect x="14" y="3" width="7" height="7" />
      <rect x="3" y="14" width="7" height="7" />
      <path d="M14 14h3v3h-3zM18 18h3v3h-3z" />
    </>
  ),
  'generate-table-qr': (
    <>
      <rect x="3" y="3" width="7" height="7" />
      <rect x="14" y="3" width="7" height="7" />
      <rect x="3" y="14" width="7" height="7" />
      <path d="M14 14h3v3h-3zM18 18h3v3h-3z" />
    </>
  ),
  'send-alert': <path d="M6 17V11a6 6 0 0 1 12 0v6l2 2H4l2-2zM10 21h4" />,
  'request-cleaning': (
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  ),
  more: <path d="M5 12h.01M12 12h.01M19 12h.01" />,
  'clipboard-check': (
    <>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 13l2 2 4-4" />
    </>
  ),
  // Guest privacy requests.
  shield: <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3zM9 12l2 2 4-4" />,
  // The host's desk bell: the Host Console's tab on a host's phone.
  'concierge-bell': <path d="M3 18h18M12 7a7 7 0 0 0-7 7v1h14v-1a7 7 0 0 0-7-7zM12 4v3M10 4h4" />,
  sparkles: <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />,
};

export function Icon({ name, label }: { name: string; label: string }) {
  const path = PATHS[name];
  if (!path) {
    return (
      <span className="icon icon-letter" aria-hidden="true">
        {label.charAt(0)}
      </span>
    );
  }
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {path}
    </svg>
  );
}
