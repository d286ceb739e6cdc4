// Registry icon names drawn as glyphs: no icon library, and legible when the sidebar is collapsed.
const GLYPHS: Record<string, string> = {
  'layout-dashboard': '▦',
  calendar: '📅',
  map: '🗺',
  users: '👥',
  utensils: '🍽',
  'chef-hat': '👨‍🍳',
  truck: '🏃',
  'credit-card': '💳',
  'bar-chart': '📊',
  'concierge-bell': '🛎',
  sparkles: '🧽',
  printer: '🖨',
  'qr-code': '▣',
  armchair: '🪑',
  'book-open': '📖',
  wallet: '👛',
  'log-out': '🚪',
  building: '🏢',
  store: '🏬',
  'utensils-crossed': '🍴',
  'generate-table-qr': '▣',
  'send-alert': '🔔',
  'request-cleaning': '🧽',
};

export function Icon({ name }: { name: string }) {
  return (
    <span className="icon" aria-hidden="true">
      {GLYPHS[name] ?? '•'}
    </span>
  );
}
